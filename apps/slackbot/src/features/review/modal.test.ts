import { describe, expect, it } from 'vitest';
import type { ReviewSegment } from '../../store/store.ts';
import { viewProblems } from '../../test-support/block-limits.ts';
import {
  conflictView,
  INPUT_MAX,
  noticeView,
  pageStarts,
  REVIEW,
  readReviewPage,
  reviewModal,
  SEGMENTS_PER_PAGE,
  savedView,
  savingView,
  splitForInputs,
} from './modal.ts';

// biome-ignore lint/suspicious/noExplicitAny: Block Kit JSON read back in assertions.
type Loose = any;

const segment = (i: number, text = `texto ${i}`, src = `text ${i}`): ReviewSegment => ({
  id: `seg-${i}`,
  start: '00:00:01,000',
  end: '00:00:02,500',
  speaker: `SPEAKER_${String(i % 3).padStart(2, '0')}`,
  src,
  dst: text,
});
const many = (n: number, make: (i: number) => ReviewSegment = (i) => segment(i)) =>
  Array.from({ length: n }, (_, i) => make(i));

describe('the review modal', () => {
  it('pages 2,000 segments within Slack limits on every page', () => {
    const segments = many(2000);
    const starts = pageStarts(segments);
    expect(starts).toHaveLength(Math.ceil(2000 / SEGMENTS_PER_PAGE));
    for (let page = 0; page < starts.length; page++) {
      const view = reviewModal({ sessionId: 'sess', lang: 'es', segments, edits: {}, page });
      expect(viewProblems(view), `page ${page}`).toEqual([]);
    }
  });

  it('stays within limits with 3,000-character texts, and never puts a longer text in an input', () => {
    const long = 'x'.repeat(3000);
    const tooLong = 'y'.repeat(3001);
    const segments = many(2000, (i) => segment(i, i % 2 ? long : tooLong, 'z'.repeat(3000)));
    const starts = pageStarts(segments);
    for (const page of [0, 1, starts.length - 1]) {
      const view = reviewModal({ sessionId: 's', lang: 'pt-br', segments, edits: {}, page });
      expect(viewProblems(view)).toEqual([]);
      const json = JSON.stringify(view);
      expect(json.length).toBeLessThan(40_000);
    }
    const first = reviewModal({ sessionId: 's', lang: 'es', segments, edits: {}, page: 0 });
    const inputs = first.blocks.filter((b) => b.type === 'input') as Loose[];
    expect(inputs.every((b) => (b.element.initial_value?.length ?? 0) <= 3000)).toBe(true);
    // The 3,001 characters are split across two inputs, which read back as the whole text.
    expect(inputs.filter((b) => b.label.text === 'Translation, part 2 of 2').length).toBeGreaterThan(0);
    const values = Object.fromEntries(
      inputs.map((b) => [
        b.block_id,
        { [REVIEW.dstAction]: { type: 'plain_text_input', value: b.element.initial_value } },
      ]),
    );
    const read = readReviewPage(values);
    expect(read[segments[0]!.id]?.dst).toBe(tooLong);
    expect(read[segments[1]!.id]?.dst).toBe(long);
  });

  it('splits a long translation at spaces, keeps every character, and says so when it is past what Slack holds', () => {
    const words = Array.from({ length: 1200 }, (_, i) => `palabra${i}`).join(' ');
    const parts = splitForInputs(words)!;
    expect(parts.length).toBeGreaterThan(4);
    expect(parts.every((p) => p.text.length <= 3000 && !p.text.startsWith(' '))).toBe(true);
    expect(parts.map((p) => p.text + (p.spaceAfter ? ' ' : '')).join('')).toBe(words);
    // No spaces (Japanese): cut at the limit, never between the halves of an emoji.
    const cjk = `${'語'.repeat(2999)}😀${'語'.repeat(10)}`;
    const cut = splitForInputs(cjk)!;
    expect(cut.map((p) => p.text).join('')).toBe(cjk);
    expect(cut[0]!.text.length).toBe(2999);
    // An edit of the second part is read back into the whole translation.
    const view = reviewModal({
      sessionId: 's',
      lang: 'es',
      segments: [segment(0, words, 'src')],
      edits: {},
      page: 0,
    });
    const inputs = view.blocks.filter((b) => b.type === 'input') as Loose[];
    const values = Object.fromEntries(
      inputs.map((b, i) => [
        b.block_id,
        {
          [REVIEW.dstAction]: {
            type: 'plain_text_input',
            value: i === 1 ? 'CAMBIADO' : b.element.initial_value,
          },
        },
      ]),
    );
    const read = readReviewPage(values)[segment(0).id]!.dst!;
    expect(read).toContain(' CAMBIADO ');
    expect(read.startsWith(parts[0]!.text)).toBe(true);
    // Past five inputs: shown, its length said, kept as it is; no input that would cut it.
    const huge = 'x '.repeat(8000);
    expect(splitForInputs(huge)).toBeUndefined();
    const shown = reviewModal({
      sessionId: 's',
      lang: 'es',
      segments: [segment(0, huge, 'src')],
      edits: {},
      page: 0,
    });
    expect(shown.blocks.filter((b) => b.type === 'input')).toHaveLength(0);
    expect(JSON.stringify(shown)).toContain(
      'This translation is 16000 characters, too long to edit in Slack (up to 15000)',
    );
    expect(viewProblems(shown)).toEqual([]);
  });

  it('shows a page: position, edits so far, the segments of that page, and the page buttons', () => {
    const segments = many(45);
    const view = reviewModal({
      sessionId: 'sess',
      lang: 'es',
      segments,
      edits: { 'seg-21': { dst: 'cambiado', speaker: 'SPEAKER_02' }, 'seg-22': { removed: true } },
      page: 1,
    });
    const json = JSON.stringify(view);
    expect(view.title.text).toBe('Review · Spanish');
    expect(view.private_metadata).toBe('sess');
    expect(json).toContain('Page 2 of 3 · segments 21–40 of 45 · 2 changed so far');
    expect(json).toContain('"initial_value":"cambiado"');
    expect(json).not.toContain('seg-19"');
    const meta21 = view.blocks.find((b) => b.block_id === `${REVIEW.metaBlock}seg-21`);
    expect(JSON.stringify(meta21)).toContain(
      '"initial_option":{"text":{"type":"plain_text","text":"SPEAKER_02"',
    );
    const meta22 = view.blocks.find((b) => b.block_id === `${REVIEW.metaBlock}seg-22`);
    expect(JSON.stringify(meta22)).toContain('initial_options');
    const nav = JSON.stringify(view.blocks.at(-1));
    expect(nav).toContain(REVIEW.previous);
    expect(nav).toContain(REVIEW.next);
    const last = reviewModal({ sessionId: 's', lang: 'es', segments, edits: {}, page: 2 });
    expect(JSON.stringify(last.blocks.at(-1))).not.toContain(REVIEW.next);
  });

  it('clamps a page out of range and handles an empty translation', () => {
    const view = reviewModal({ sessionId: 's', lang: 'de', segments: [], edits: {}, page: 5 });
    expect(JSON.stringify(view)).toContain('no segments');
    expect(viewProblems(view)).toEqual([]);
  });

  it('reads a page back into edits', () => {
    const edits = readReviewPage({
      [`${REVIEW.dstBlock}a`]: { [REVIEW.dstAction]: { value: 'nuevo' } },
      [`${REVIEW.metaBlock}a`]: {
        [REVIEW.speakerAction]: { selected_option: { value: 'SPEAKER_01' } },
        [REVIEW.removeAction]: { selected_options: [] },
      },
      [`${REVIEW.metaBlock}b`]: {
        [REVIEW.removeAction]: { selected_options: [{ value: REVIEW.removeValue }] },
      },
      rv_nav: {},
    });
    expect(edits).toEqual({
      a: { dst: 'nuevo', speaker: 'SPEAKER_01', removed: false },
      b: { removed: true },
    });
  });
});

describe('the views around a save', () => {
  it('stay within limits, the conflict view with many long conflicts too', () => {
    const conflicts = Array.from({ length: 500 }, (_, i) => ({
      number: i + 1,
      now: i % 2 ? 'n'.repeat(INPUT_MAX) : null,
      mine: i % 3 ? 'm'.repeat(INPUT_MAX) : null,
    }));
    const view = conflictView({ sessionId: 's', lang: 'es', conflicts });
    expect(viewProblems(view)).toEqual([]);
    expect(JSON.stringify(view)).toContain('500 segments were changed by someone else');
    expect(JSON.stringify(view)).toContain('…and ');
    for (const v of [savingView('zh-tw'), savedView('es', 'edited 1 segment'), noticeView('es', 'x')]) {
      expect(viewProblems(v)).toEqual([]);
    }
  });
});
