// The source fix dialog and thread line within Slack's limits with the largest inputs, and the dialog read back.
import { describe, expect, it } from 'vitest';
import { blockProblems, viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { LIMITS } from '../../ui/blocks.ts';
import {
  parseSourceFixSubject,
  readSourceFix,
  SOURCE_FIX,
  sourceChangedNote,
  sourceFixModal,
  sourceFixSummary,
} from './source-fix-blocks.ts';
import { THREAD_ACTIONS } from './thread-blocks.ts';

const languages = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ targetId: `t${i}-${long(40)}`, lang: `x${i}` }));

describe('source fix blocks', () => {
  it('the dialog stays within limits with a long source and 40 other languages, and offers 10 of them', () => {
    const view = sourceFixModal({
      sessionId: long(64),
      segmentId: long(64),
      lang: 'es',
      start: '01:59:57,000',
      end: '01:59:59,999',
      src: long(2999),
      others: languages(40),
    });
    expect(viewProblems(view)).toEqual([]);
    expect(JSON.stringify(view)).toContain('30 more languages');
    // A source Slack's input cannot hold whole is not offered cut.
    const tooLong = sourceFixModal({
      ...{ sessionId: 's', segmentId: 'g', lang: 'es', start: 'a', end: 'b' },
      src: long(3001),
      others: [],
    });
    expect(JSON.stringify(tooLong)).not.toContain(long(3001));
  });

  it('reads the text and the languages ticked, and its subject back', () => {
    expect(
      readSourceFix({
        [SOURCE_FIX.textBlock]: { [SOURCE_FIX.textAction]: { value: 'Fixed' } },
        [SOURCE_FIX.langsBlock]: {
          [SOURCE_FIX.langsAction]: { selected_options: [{ value: 't1' }, { value: 't2' }] },
        },
      }),
    ).toEqual({ text: 'Fixed', targetIds: ['t1', 't2'] });
    expect(readSourceFix({})).toEqual({ text: '', targetIds: [] });
    expect(parseSourceFixSubject('s1|seg|2')).toEqual({ sessionId: 's1', segmentId: 'seg|2' });
    expect(parseSourceFixSubject('nobar')).toBeUndefined();
  });

  it('the thread line names the languages changed and those without the segment, within limits for 40', () => {
    const line = sourceFixSummary({
      userId: 'U1',
      start: '00:00:01,000',
      end: '00:00:02,000',
      changed: languages(40),
      missing: languages(40),
    });
    expect(blockProblems(line.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(line.blocks.filter((b) => b.type === 'actions')).toHaveLength(20);
    const two = sourceFixSummary({
      userId: 'U1',
      start: '00:00:01,000',
      end: '00:00:02,000',
      changed: [
        { targetId: 'a', lang: 'es' },
        { targetId: 'b', lang: 'de' },
      ],
      missing: [{ targetId: 'c', lang: 'fr' }],
    });
    expect(two.text).toBe('Source text fixed in Spanish, German');
    expect(JSON.stringify(two.blocks)).toContain('Not in French: no segment at those times.');
    // A review for each language changed, never a render: the translation said did not change.
    expect(JSON.stringify(two.blocks)).toContain(THREAD_ACTIONS.review);
    expect(JSON.stringify(two.blocks)).not.toContain(THREAD_ACTIONS.render);
  });

  it('flags a changed source with the old and new text, and nothing when it is the same', () => {
    expect(sourceChangedNote('Old', 'New')).toEqual([
      'Source changed — check the translation. Old source: “Old” · new source: “New”',
    ]);
    expect(sourceChangedNote('Same', 'Same')).toEqual([]);
    expect(sourceChangedNote(undefined, 'New')).toEqual([]);
  });
});
