// The lip-sync and subtitle builders within Slack's limits, with the largest inputs.
import { describe, expect, it } from 'vitest';
import { blockProblems, viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { LIMITS } from '../../ui/blocks.ts';
import { subtitlesReport, subtitlesSkipped } from '../subtitles/blocks.ts';
import { lipsyncedReply, lipsyncFailedReply, lipsyncModal, noFaceReply } from './blocks.ts';

describe('lip-sync and subtitle builders', () => {
  it('stay within limits', () => {
    expect(viewProblems(lipsyncModal({ targetId: 't', lang: 'es' }))).toEqual([]);
    for (const m of [
      lipsyncedReply({ lang: 'es', url: `https://x/${long(2000)}`, userId: 'U', free: true }),
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
