// App Home's "Assigned to me": the languages waiting for the person's review, each with its video, language,
// state, who asked and the thread's link; first on Home, and absent when nothing is assigned.
import { describe, expect, it } from 'vitest';
import { viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { assignmentRecord, jobRecord } from '../../test-support/jobs.ts';
import { type AssignedRow, assignedBlocks } from './assigned.ts';
import { homeView } from './blocks.ts';

const row = (title: string): AssignedRow => ({
  job: jobRecord({ title, channel: 'C1' }),
  language: { lang: 'es', state: 'dubbed' },
  assignment: assignmentRecord(),
});

describe('Home: assigned to me', () => {
  it('lists each language with its video, state, who asked and the thread’s link, first on Home', () => {
    const blocks = JSON.stringify(assignedBlocks([row('keynote.mp4')]));
    expect(blocks).toContain('Assigned to me');
    expect(blocks).toContain(
      '*keynote.mp4* in <#C1>\\n🇪🇸 Spanish: ⏳ dubbed, waiting for review · asked by <@U0ANA> · <https://example.slack.com/archives/C1/p1700000000000100|Open the thread>',
    );
    const view = homeView({ waiting: [], own: [], credits: null, defaults: [], assigned: [row('a')] });
    expect((view.blocks[0] as { text?: { text: string } }).text?.text).toBe('Assigned to me');
    expect(assignedBlocks([])).toEqual([]);
  });

  it('stays within a Home view’s limits with many long ones', () => {
    const many = Array.from({ length: 200 }, () => row(long(3000)));
    const view = homeView({ waiting: [], own: [], credits: null, defaults: [], assigned: many });
    expect(viewProblems(view)).toEqual([]);
  });
});
