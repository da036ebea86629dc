// The glossary builders within Slack's limits: reports, lists, the terms shown and the pickers.
import { describe, expect, it } from 'vitest';
import { blockProblems, viewProblems } from '../../test-support/block-limits.ts';
import { glossaryRecord, long, manyGlossaries, pickerOptions } from '../../test-support/inputs.ts';
import { LIMITS } from '../../ui/blocks.ts';
import { jobCard } from '../dub/card-blocks.ts';
import { glossaryPicker } from '../dub/glossary-picker.ts';
import { glossaryList, glossaryModal, glossaryShown, importReport } from './blocks.ts';

describe('glossary builders', () => {
  it('report at most 25 issues by line, and offer the default button after a save', () => {
    const issues = Array.from({ length: 500 }, (_, i) => ({
      line: i + 2,
      severity: 'error' as const,
      message: long(300),
    }));
    const failed = importReport({ fileName: long(500), userId: 'U1', issues });
    expect(blockProblems(failed.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(JSON.stringify(failed.blocks)).toContain('❌ line 2: ');
    const saved = importReport({
      fileName: 'terms.csv',
      userId: 'U1',
      issues: [{ line: 3, severity: 'warning', message: 'trimmed' }],
      saved: { glossary: glossaryRecord(1), updated: true, entries: 10, isDefault: false, channel: 'C1' },
    });
    expect(blockProblems(saved.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(JSON.stringify(saved.blocks)).toContain('glossary_make_default');
    expect(JSON.stringify(saved.blocks)).toContain('⚠️ line 3: trimmed');
  });

  it('list 300 glossaries, show 10,000 terms and offer 300 in pickers within limits', () => {
    expect(
      blockProblems(glossaryList(manyGlossaries, [manyGlossaries[0]!.id]).blocks, LIMITS.messageBlocks),
    ).toEqual([]);
    const entries = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`${long(1000)}${i}`, long(1000)]),
    );
    expect(blockProblems(glossaryShown(glossaryRecord(1), entries).blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(
      blockProblems([glossaryPicker(pickerOptions, [pickerOptions[0]!.id])], LIMITS.messageBlocks),
    ).toEqual([]);
    expect(viewProblems(glossaryModal({ channel: 'C1' }))).toEqual([]);
    const card = jobCard({
      jobId: 'j',
      title: long(3000),
      source: { kind: 'link', link: 'https://x' },
      state: 'picking',
      dstLangs: ['es'],
      srcLang: null,
      numSpeakers: null,
      userId: 'U1',
      glossaries: pickerOptions,
      glossaryIds: [pickerOptions[1]!.id],
    });
    expect(blockProblems(card.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(JSON.stringify(card.blocks)).toContain('job_glossary');
  });
});
