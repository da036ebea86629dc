// The review opened with Review flagged: every flagged segment shows why, escaped, and the largest review (2,000
// flagged segments of the longest texts, each with every reason and its Fix source button) stays within Slack's
// limits on every page.
import { describe, expect, it } from 'vitest';
import type { ReviewSegment } from '../../store/store.ts';
import { viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { pageStarts, reviewModal } from '../review/modal.ts';

const flagged = (i: number, note: string, text = long(2999)): ReviewSegment => ({
  id: `seg_${i}_${long(40)}`,
  start: '01:59:57,000',
  end: '01:59:59,999',
  speaker: 'SPEAKER_00',
  src: text,
  dst: text,
  note,
});

describe('the flagged review', () => {
  it('shows each reason on its own line, before the source, escaped', () => {
    const view = reviewModal({
      sessionId: 's',
      lang: 'es',
      segments: [
        flagged(
          1,
          'Glossary: “<b>” should be “&”\nReads too fast: 30 characters a second (at most 20)',
          'Hi',
        ),
      ],
      edits: {},
      page: 0,
    });
    const head = JSON.stringify(view.blocks[1]);
    expect(head).toContain(
      '⚠️ Glossary: “&lt;b&gt;” should be “&amp;”\\n⚠️ Reads too fast: 30 characters a second',
    );
    expect(head.indexOf('⚠️')).toBeLessThan(head.indexOf('\\nHi'));
  });

  it('stays within limits on every page with the longest texts and reasons', () => {
    const reasons = Array.from(
      { length: 40 },
      (_, i) => `Glossary: “${long(60)}${i}” should be “${long(60)}”`,
    ).join('\n');
    const segments = Array.from({ length: 2000 }, (_, i) => flagged(i, reasons));
    const pages = pageStarts(segments).length;
    for (let page = 0; page < pages; page += 97) {
      expect(
        viewProblems(reviewModal({ sessionId: long(64), lang: 'es', segments, edits: {}, page })),
        `page ${page}`,
      ).toEqual([]);
    }
  });
});
