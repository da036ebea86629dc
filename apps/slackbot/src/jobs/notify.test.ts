import { describe, expect, it } from 'vitest';
import { baseName } from './notify.ts';

describe('subtitle file names', () => {
  it('keeps a short title whole, without its extension, and numbers a render after the first', () => {
    expect(baseName({ title: 'Launch keynote.mp4' }, 'de', 1)).toBe('Launch-keynote.de');
    expect(baseName({ title: 'Launch keynote.mp4' }, 'es', 2)).toBe('Launch-keynote.es.2');
    expect(baseName({ title: '***' }, 'de', 1)).toBe('video.de');
  });

  it('cuts a long title between words, never inside one', () => {
    const title = 'onboarding-2026-customer-success-team-walkthrough-FINAL-v7-draft-do-not-share.mp4';
    const name = baseName({ title }, 'de', 1);
    expect(name).toBe('onboarding-2026-customer-success-team-walkthrough-FINAL-v7.de');
    expect(name.length).toBeLessThanOrEqual(60 + '.de'.length);
    // A cut exactly at a word's end keeps that word.
    expect(baseName({ title: `${'a'.repeat(54)}-bcdef-ghi` }, 'de', 1)).toBe(`${'a'.repeat(54)}-bcdef.de`);
    // One word longer than the limit can only be cut.
    expect(baseName({ title: 'x'.repeat(100) }, 'de', 1)).toBe(`${'x'.repeat(60)}.de`);
  });
});
