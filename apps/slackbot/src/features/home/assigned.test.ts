// App Home's "Assigned to me": the languages waiting for the person's review, each with its video, language,
// state, who asked and the thread's link; first on Home, and absent when nothing is assigned. Read from a real
// store: only what waits for the person's review (not approved, not failed), in channels they are in.
import type { DubbingClient } from '@dubkit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDubbingService } from '../../dubbing/client-service.ts';
import type { Store } from '../../store/store.ts';
import { viewProblems } from '../../test-support/block-limits.ts';
import { drawerFor } from '../../test-support/drawer.ts';
import { long } from '../../test-support/inputs.ts';
import { assignmentRecord, boundTarget, jobRecord } from '../../test-support/jobs.ts';
import { slackEdge } from '../../test-support/slack-edge.ts';
import { type TempStore, tempStore } from '../../test-support/store.ts';
import { ApprovalService } from '../approval/service.ts';
import { type AssignedRow, assignedBlocks, assignedTo } from './assigned.ts';
import { homeView } from './blocks.ts';

const row = (title: string): AssignedRow => ({
  job: jobRecord({ title, channel: 'C1' }),
  language: { lang: 'es', state: 'dubbed' },
  assignment: assignmentRecord(),
});

describe('Home: assigned to me', () => {
  it('lists each language with its video, state, who asked and the thread’s link, first on Home', () => {
    const blocks = JSON.stringify(assignedBlocks([row('keynote.mp4')]));
    expect(blocks).toContain('Assigned to me (1)');
    expect(blocks).toContain(
      '*keynote.mp4* in <#C1>\\n🇪🇸 Spanish: ⏳ dubbed, waiting for review · asked by <@U0ANA>\\n<https://example.slack.com/archives/C1/p1700000000000100|Open thread>',
    );
    const view = homeView({ waiting: [], own: [], credits: null, defaults: [], assigned: [row('a')] });
    expect((view.blocks[0] as { text?: { text: string } }).text?.text).toBe('Assigned to me (1)');
    expect(assignedBlocks([])).toEqual([]);
  });

  it('stays within a Home view’s limits with many long ones', () => {
    const many = Array.from({ length: 200 }, () => row(long(3000)));
    const view = homeView({ waiting: [], own: [], credits: null, defaults: [], assigned: many });
    expect(viewProblems(view)).toEqual([]);
  });
});

describe('Home: what is assigned to the person', () => {
  let temp: TempStore;
  let store: Store;
  // Statuses are described as the app describes them; nothing here asks the service.
  const service = createDubbingService({} as DubbingClient);

  beforeEach(async () => {
    temp = await tempStore();
    store = temp.store;
  });
  afterEach(async () => {
    await temp.cleanup();
  });

  /** A language of a job in `channel`, ended with `status`, assigned to U0BEN. */
  async function assigned(channel: string, status: string, id: string) {
    const { job, target } = await boundTarget(store, `p-${id}`, {
      job: { triggerKey: `msg:${channel}:${id}`, channel, title: `video ${id}` },
    });
    await store.recordPoll(
      target.id,
      { status, changed: true, terminal: true, nextPollAt: 10, intervalMs: 5 },
      4,
      [],
    );
    const assignment = assignmentRecord({ id, targetId: target.id, jobId: job.id, at: Number(id.slice(1)) });
    await store.recordAssignment(assignment, [], 5);
    return { job, target };
  }

  it('lists the dubbed languages waiting for them in their channels, not the failed or approved ones', async () => {
    const waiting = await assigned('C1', 'merging_done', 'V1');
    await assigned('C2', 'merging_done', 'V2');
    await assigned('C1', 'failed', 'V3');
    const approved = await assigned('C1', 'merging_done', 'V4');
    await store.recordApproval({ targetId: approved.target.id, attempt: 1, userId: 'U0ANA', at: 6 });
    const rows = await assignedTo(
      {
        dubbing: service,
        approvals: new ApprovalService({
          drawer: drawerFor(store, service),
          slack: slackEdge,
          store,
          dubbing: service,
          wakeDeliverer: () => {},
        }),
        targetsOf: (id) => store.targetsOf(id),
        assignedTo: (user, limit) => store.assignedTo(user, limit),
        getJob: (id) => store.getJob(id),
        // Ben is in C1, not in C2.
        sees: async (channel) => channel === 'C1',
      },
      'U0BEN',
    );
    expect(rows.map((r) => [r.job.title, r.language])).toEqual([
      [waiting.job.title, { lang: 'es', state: 'dubbed', targetId: expect.any(String) }],
    ]);
  });
});
