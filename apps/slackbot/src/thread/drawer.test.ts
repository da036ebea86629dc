// The drawer draws a language's status message from everything the store knows of it (what the caller has
// just learnt over it), with each part added in order from the same state; it records the message under the
// language's one key, and composes the features' buttons on the replies.
import { describe, expect, it } from 'vitest';
import type { StatusInfo } from '../dubbing/service.ts';
import type { Approval, Assignment, DeliveryInput, Job, Target } from '../store/store.ts';
import { assignmentRecord, jobRecord, targetRecord } from '../test-support/jobs.ts';
import { button, context } from '../ui/blocks.ts';
import { ThreadDrawer } from './drawer.ts';
import type { MessageParts } from './parts.ts';

const describeStatus = (status: string): StatusInfo =>
  status === 'merging_done'
    ? { label: 'Dubbed', progress: 1, terminal: true, failed: false }
    : status === 'voiceover_failed'
      ? { label: 'Failed', progress: 1, terminal: true, failed: true, stoppedWhile: 'Recording voiceover' }
      : { label: 'Translating', progress: 0.42, terminal: false, failed: false };

/** A store holding one job and its languages, with what a test records; what was enqueued, in order. */
function storeWith(targets: Target[], facts: { approvals?: Approval[]; assignments?: Assignment[] } = {}) {
  const job: Job = jobRecord();
  const enqueued: DeliveryInput[] = [];
  const of =
    <T extends { targetId: string }>(rows: T[] | undefined) =>
    async (ids: string[]) =>
      (rows ?? []).filter((r) => ids.includes(r.targetId));
  const store = {
    getTarget: async (id: string) => targets.find((t) => t.id === id),
    getJob: async (id: string) => (id === job.id ? job : undefined),
    approvalsOf: of(facts.approvals),
    changeRequestsOf: async () => [],
    assignmentsOf: of(facts.assignments),
    commentsOf: async () => [],
    deliveredRenders: async () => [],
    targetsOf: async (jobId: string) => targets.filter((t) => t.jobId === jobId),
    enqueue: async (delivery: DeliveryInput) => {
      enqueued.push(delivery);
    },
  };
  return { job, store, enqueued };
}

/** Parts that say what they were given, so a test sees the state each part drew from. */
const parts: MessageParts = {
  card: (card) => ({
    text: `${card.state}: ${card.dstLangs.join(', ')}${card.running ? ' · Stop' : ''}`,
    blocks: (card.languages ?? []).map((l) => context(JSON.stringify(l))),
  }),
  status: [
    (content, state) => ({
      ...content,
      blocks: [...content.blocks, context(`approval: ${state.approval?.userId ?? 'none'}`)],
    }),
    (content, state) => ({
      text: `${content.text} · ${state.assignment?.assignee ?? 'nobody'}`,
      blocks: content.blocks,
    }),
  ],
  dubbedReply: [
    (id) => [button('One', 'one', id)],
    (id) => [button('Two', 'two', id), button('Three', 'three', id)],
  ],
  failedReply: [(id) => [button('Retry', 'retry', id)]],
  rendered: [],
};

const text = (delivery: DeliveryInput | undefined) => JSON.stringify(delivery?.payload);

describe('ThreadDrawer', () => {
  it('draws the status message from the store, each part in order, under the language’s one key', async () => {
    const approval = { targetId: 't1', attempt: 1, userId: 'U0ANA', at: 5 };
    const { store } = storeWith([targetRecord()], {
      approvals: [approval],
      assignments: [assignmentRecord()],
    });
    const drawer = new ThreadDrawer({ store, describe: describeStatus, parts });
    const drawn = await drawer.status('t1', 10);
    expect(drawn).toMatchObject({ key: 'status:t1', jobId: 'j1', kind: 'status', inThread: true });
    expect(text(drawn)).toContain('Spanish — ✅ Dubbed');
    expect(text(drawn)).toContain('approval: U0ANA');
    expect((drawn?.payload as { text: string }).text).toBe('Spanish: dubbed · U0BEN');
  });

  it('draws what the caller has just learnt over the store, and an older render’s approval as none', async () => {
    const { store } = storeWith([targetRecord({ attempt: 2, status: 'merging_done' })], {
      approvals: [{ targetId: 't1', attempt: 1, userId: 'U0ANA', at: 5 }],
    });
    const drawer = new ThreadDrawer({ store, describe: describeStatus, parts });
    const learnt = await drawer.status('t1', 10, {
      info: describeStatus('translating'),
      target: { status: 'translating', statusAt: 10 },
    });
    expect(text(learnt)).toContain('Translating');
    expect(text(learnt)).toContain('approval: none');
    const lipsyncing = await drawer.status('t1', 10, {
      lipsync: { label: 'Lip-syncing', progress: 0.5, startedAt: 1 },
    });
    expect(text(lipsyncing)).toContain('Lip-syncing');
  });

  it('records the message drawn again with the card’s line for it, and says when the language is gone', async () => {
    const { store, enqueued } = storeWith([targetRecord()]);
    const drawer = new ThreadDrawer({ store, describe: describeStatus, parts });
    expect(await drawer.redrawStatus('t1', 10)).toBe(true);
    expect(await drawer.redrawStatus('gone', 10)).toBe(false);
    expect(enqueued.map((d) => d.key)).toEqual(['status:t1', 'card:j1']);
  });

  it('announces a start with the card and each language’s status, and composes the replies’ buttons', async () => {
    const targets = [targetRecord(), targetRecord({ id: 't2', dstLang: 'de' })];
    const { store, job } = storeWith(targets);
    const drawer = new ThreadDrawer({ store, describe: describeStatus, parts });
    const started = await drawer.startDeliveries(job, targets, 10);
    expect(started.map((d) => d.key)).toEqual(['card:j1', 'status:t1', 'status:t2']);
    expect(started[0]?.payload).toMatchObject({ text: 'started: es, de' });
    // Announced before any status was seen: each language's message starts from nothing.
    expect(text(started[1])).not.toContain('Dubbed');
    const actions = drawer.dubbedActions('t1') as { block_id: string; elements: { action_id: string }[] };
    expect(actions.block_id).toBe('dubbed_actions:t1');
    expect(actions.elements.map((e) => e.action_id)).toEqual(['one', 'two', 'three']);
    expect(drawer.retryButtons('t1').map((b) => b.value)).toEqual(['t1']);
  });

  it('draws a started card with a line per language, and without Stop once every language has ended', async () => {
    const running = [targetRecord(), targetRecord({ id: 't2', dstLang: 'de', terminal: false })];
    const { store, enqueued } = storeWith(running, {
      approvals: [{ targetId: 't1', attempt: 1, userId: 'U0ANA', at: 5 }],
      assignments: [assignmentRecord({ targetId: 't2' })],
    });
    const drawer = new ThreadDrawer({ store, describe: describeStatus, parts });
    const card = await drawer.startedCard(jobRecord(), running, 10);
    expect(card.payload).toMatchObject({ text: 'started: es, de · Stop' });
    expect(await drawer.redrawCard('j1', 10)).toBe(true);
    running[1] = targetRecord({ id: 't2', dstLang: 'de', status: 'voiceover_failed' });
    expect(await drawer.redrawCard('j1', 10)).toBe(true);
    const [first, ended] = enqueued.map(
      (d) => d.payload as { text: string; blocks: { elements: { text: string }[] }[] },
    );
    expect(first?.text).toBe('started: es, de · Stop');
    expect(ended?.text).toBe('started: es, de');
    const lines = (card: typeof first) => card!.blocks.map((b) => JSON.parse(b.elements[0]!.text));
    const spanish = {
      targetId: 't1',
      lang: 'es',
      phase: 'dubbed',
      render: 1,
      approved: { render: 1, by: 'U0ANA' },
    };
    expect(lines(first)).toEqual([
      spanish,
      { targetId: 't2', lang: 'de', phase: 'running', render: 1, assignee: 'U0BEN' },
    ]);
    expect(lines(ended)).toEqual([
      spanish,
      {
        targetId: 't2',
        lang: 'de',
        phase: 'failed',
        render: 1,
        retry: true,
        failedAt: 'Recording voiceover',
        assignee: 'U0BEN',
      },
    ]);
  });

  it('draws nothing for a job that is not started', async () => {
    const { store, enqueued, job } = storeWith([targetRecord()]);
    job.state = 'stopped';
    const drawer = new ThreadDrawer({ store, describe: describeStatus, parts });
    expect(await drawer.redrawCard('j1', 10)).toBe(false);
    expect(enqueued).toEqual([]);
  });
});
