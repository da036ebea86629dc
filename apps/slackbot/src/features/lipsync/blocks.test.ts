// The lip-sync and subtitle builders within Slack's limits, with the largest inputs; the lip-sync dialog's
// choices (the full video by default, the preview only by name and while free minutes are left).
import type { types } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { blockProblems, viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { LIMITS } from '../../ui/blocks.ts';
import { subtitlesReport, subtitlesSkipped } from '../subtitles/blocks.ts';
import {
  LIPSYNC_UI,
  lipsyncedReply,
  lipsyncFailedReply,
  lipsyncModal,
  lipsyncNotice,
  noFaceReply,
} from './blocks.ts';

describe('lip-sync and subtitle builders', () => {
  it('stay within limits', () => {
    for (const choices of [
      { paidMinutes: 1, freeMinutesLeft: 0 },
      { paidMinutes: 100_000, freeMinutesLeft: 1_000_000 },
    ])
      expect(viewProblems(lipsyncModal({ targetId: long(36), lang: 'zh-tw', ...choices }))).toEqual([]);
    expect(viewProblems(lipsyncNotice('pt-br', long(5000)))).toEqual([]);
    for (const m of [
      lipsyncedReply({ lang: 'es', url: `https://x/${long(2000)}`, userId: 'U', free: true }),
      lipsyncedReply({ lang: 'es', url: `https://x/${long(2000)}`, userId: 'U', free: false }),
      noFaceReply({ lang: 'es' }),
      lipsyncFailedReply({ lang: 'es', why: long(5000) }),
      subtitlesReport({
        userId: 'U',
        files: Array.from({ length: 80 }, (_, i) => ({
          name: `${long(200)}.srt`,
          side: i % 2 ? ('src' as const) : ('dst' as const),
          lang: 'es',
          cues: i,
          issues: Array.from({ length: 100 }, (_, l) => ({
            line: l,
            severity: 'error' as const,
            message: long(100),
          })),
        })),
        pairs: [{ lang: 'es', issues: [{ line: 4, message: 'times differ', side: 'dst' }] }],
      }),
      subtitlesSkipped({
        lang: 'de',
        issues: Array.from({ length: 500 }, (_, l) => ({ line: l, message: long(100) })),
      }),
    ])
      expect(blockProblems(m.blocks, LIMITS.messageBlocks)).toEqual([]);
  });
});

describe('the lip-sync dialog', () => {
  const kinds = (view: types.ModalView) => {
    const input = view.blocks.find((b) => b.block_id === LIPSYNC_UI.kindBlock) as types.InputBlock;
    return input.element as types.RadioButtons;
  };

  it('offers the full lip-sync with its price as the default, and the free preview by name', () => {
    const radio = kinds(lipsyncModal({ targetId: 't', lang: 'es', paidMinutes: 3, freeMinutesLeft: 5 }));
    expect(radio.options.map((o) => [o.value, o.text.text])).toEqual([
      [LIPSYNC_UI.full, 'Full lip-sync (uses 3 paid minutes)'],
      [LIPSYNC_UI.preview, 'Free preview (first minute, uses free minutes)'],
    ]);
    expect(radio.initial_option?.value).toBe(LIPSYNC_UI.full);
    expect(radio.options[1]?.description?.text).toContain('5 free minutes left');
  });

  it('says when the full lip-sync was already paid for (the service charges a project once)', () => {
    const radio = kinds(lipsyncModal({ targetId: 't', lang: 'es', paidMinutes: 0, freeMinutesLeft: 0 }));
    expect(radio.options.map((o) => o.text.text)).toEqual(['Full lip-sync (already paid for this video)']);
  });

  it('offers no preview when no free minutes are left', () => {
    const radio = kinds(lipsyncModal({ targetId: 't', lang: 'es', paidMinutes: 1, freeMinutesLeft: 0 }));
    expect(radio.options.map((o) => o.text.text)).toEqual(['Full lip-sync (uses 1 paid minute)']);
  });
});
