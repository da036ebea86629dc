// Jobs as tests need them, written through the Store interface only (so the contract suite can use them).
import type { Assignment, Job, NewJob, Store, Target } from '../store/store.ts';

/** A dropped link's job, in channel C1 by U1; `over` changes what a test cares about. */
export const newJob = (over: Partial<NewJob> = {}): NewJob => ({
  triggerKey: 'msg:C1:1.0',
  channel: 'C1',
  threadTs: '1.0',
  userId: 'U1',
  source: { kind: 'link', link: 'https://youtu.be/x' },
  title: 'youtu.be/x',
  ...over,
});

/** A running job as the store returns it, for pure builders; `over` changes what a test cares about. */
export const jobRecord = (over: Partial<Job> = {}): Job => ({
  id: 'j1',
  triggerKey: 'msg:C1:1.0',
  state: 'running',
  channel: 'C1',
  threadTs: '1.0',
  userId: 'U1',
  source: { kind: 'link', link: 'https://youtu.be/x' },
  title: 'youtu.be/x',
  srcLang: null,
  numSpeakers: null,
  mediaId: null,
  mediaReady: false,
  mediaSeconds: null,
  picked: null,
  mediaError: null,
  createdAt: 1,
  startedAt: 2,
  request: null,
  startFailures: 0,
  startedBy: 'U1',
  stoppedBy: null,
  autopilot: null,
  ...over,
});

/** Job j1's Spanish, dubbed (render 1 of project p1), for pure builders; `over` changes what a test cares about. */
export const targetRecord = (over: Partial<Target> = {}): Target => ({
  id: 't1',
  jobId: 'j1',
  dstLang: 'es',
  attempt: 1,
  projectId: 'p1',
  createIntentAt: null,
  status: 'merging_done',
  statusAt: 1,
  startedAt: 1,
  terminal: true,
  nextPollAt: 0,
  intervalMs: 0,
  stageSince: null,
  paceSum: 0,
  paceCount: 0,
  stoppedBy: null,
  ...over,
});

/** A job started into `langs` (Spanish by default) at time 2; its targets in the order chosen. */
export async function startedJob(
  store: Store,
  options: { job?: Partial<NewJob>; langs?: string[] } = {},
): Promise<{ job: Job; targets: Target[] }> {
  const { job } = await store.createJob(newJob(options.job), 1);
  await store.startJob(job.id, { dstLangs: options.langs ?? ['es'], srcLang: null, numSpeakers: null }, 2);
  return { job, targets: await store.targetsOf(job.id) };
}

/** A started job's first language, bound to project `projectId` at time 3. */
export async function boundTarget(
  store: Store,
  projectId = 'p1',
  options: { job?: Partial<NewJob> } = {},
): Promise<{ job: Job; target: Target }> {
  const { job, targets } = await startedJob(store, options);
  const target = targets[0]!;
  await store.setTargetProject(target.id, projectId, 3);
  return { job, target: (await store.getTarget(target.id))! };
}

/**
 * What a starter is given for `/dub` commands where a test records none: a command reaching it would be a
 * bug in the test's setup, so it fails loudly.
 */
export const noCommands = {
  admit: async (job: Job): Promise<void> => {
    throw new Error(`job ${job.id} is a /dub request, which this test does not expect`);
  },
  refuse: async (job: Job): Promise<void> => {
    throw new Error(`job ${job.id} is a /dub request, which this test does not expect`);
  },
};

/** Ana asked Ben to review language t1 of job j1 in C1, for pure builders; `over` changes what a test cares about. */
export const assignmentRecord = (over: Partial<Assignment> = {}): Assignment => ({
  id: 'V1',
  targetId: 't1',
  jobId: 'j1',
  assignee: 'U0BEN',
  assignedBy: 'U0ANA',
  at: 1,
  threadLink: 'https://example.slack.com/archives/C1/p1700000000000100',
  ...over,
});
