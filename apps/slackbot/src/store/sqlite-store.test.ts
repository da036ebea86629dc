import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite-store.ts';
import type { NewJob } from './store.ts';

let dir: string;
let store: SqliteStore;

const newJob = (over: Partial<NewJob> = {}): NewJob => ({
  triggerKey: 'msg:C1:1.0',
  channel: 'C1',
  threadTs: '1.0',
  userId: 'U1',
  source: { kind: 'link', link: 'https://youtu.be/x' },
  title: 'youtu.be/x',
  ...over,
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dubkit-store-'));
  store = new SqliteStore(join(dir, 'db', 'test.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('SqliteStore', () => {
  it('records an event id once', () => {
    expect(store.recordEvent('Ev1', 1)).toBe(true);
    expect(store.recordEvent('Ev1', 2)).toBe(false);
    expect(store.hasEvent('Ev1')).toBe(true);
  });

  it('gives one job per trigger and records the event with it', () => {
    const first = store.createJob({ ...newJob(), eventId: 'Ev1' }, 1);
    const again = store.createJob({ ...newJob(), eventId: 'Ev2' }, 2);
    expect(first.created).toBe(true);
    expect(again).toEqual({ job: first.job, created: false });
    expect(store.hasEvent('Ev1') && store.hasEvent('Ev2')).toBe(true);
  });

  it('starts a picking job once, with one target per language', () => {
    const { job } = store.createJob(newJob(), 1);
    const choice = { dstLangs: ['es', 'de'], srcLang: 'en', numSpeakers: 2 };
    expect(store.startJob(job.id, choice, 5)?.state).toBe('starting');
    expect(store.startJob(job.id, choice, 6)).toBeUndefined();
    expect(store.targetsOf(job.id).map((t) => t.dstLang)).toEqual(['es', 'de']);
    expect(store.cancelJob(job.id)).toBe(false);
  });

  it('leases jobs to start and due targets to one owner at a time', () => {
    const { job } = store.createJob(newJob(), 1);
    store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 1);
    expect(store.claimJobsToStart('a', 10, 100, 5)).toHaveLength(1);
    expect(store.claimJobsToStart('b', 20, 100, 5)).toHaveLength(0);
    store.releaseJob(job.id, 'a', 50);
    expect(store.claimJobsToStart('b', 40, 100, 5)).toHaveLength(0);
    expect(store.claimJobsToStart('b', 51, 100, 5)).toHaveLength(1);

    const [target] = store.targetsOf(job.id);
    expect(store.claimDueTargets('a', 60, 100, 5)).toHaveLength(0); // no project yet
    store.setTargetProject(target!.id, 'p1', 60);
    expect(store.claimDueTargets('a', 60, 100, 5).map((t) => t.projectId)).toEqual(['p1']);
    expect(store.claimDueTargets('b', 61, 100, 5)).toHaveLength(0);
    store.recordPoll(
      target!.id,
      { status: 'created', changed: true, terminal: false, nextPollAt: 200, intervalMs: 100 },
      70,
      [{ key: 'status:x', jobId: job.id, kind: 'status', inThread: true, payload: { text: 'a' } }],
    );
    expect(store.claimDueTargets('b', 199, 100, 5)).toHaveLength(0);
    expect(store.claimDueTargets('b', 200, 100, 5)[0]?.status).toBe('created');
    expect(store.getDelivery('status:x')?.state).toBe('pending');
  });

  it('retries only a failed target, as a new attempt', () => {
    const { job } = store.createJob(newJob(), 1);
    store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 1);
    store.setJobRunning(job.id);
    const [target] = store.targetsOf(job.id);
    expect(store.retryTarget(target!.id, 5)).toBeUndefined();
    store.setTargetProject(target!.id, 'p1', 2);
    store.recordPoll(
      target!.id,
      { status: 'no_words', changed: true, terminal: true, nextPollAt: 9, intervalMs: 1 },
      3,
      [],
    );
    const retried = store.retryTarget(target!.id, 5);
    expect(retried).toMatchObject({
      attempt: 2,
      projectId: null,
      status: null,
      terminal: false,
      startedAt: 5,
    });
    expect(store.getJob(job.id)?.state).toBe('starting');
    expect(store.retryTarget(target!.id, 6)).toBeUndefined();
  });

  it('delivers each key once, keeps a newer payload pending, and flags interrupted sends as uncertain', () => {
    const { job } = store.createJob(newJob(), 1);
    const d = {
      key: 'status:t',
      jobId: job.id,
      kind: 'status' as const,
      inThread: true,
      payload: { text: 'one' },
    };
    store.enqueue(d, 1);
    store.enqueue(d, 2); // same payload: nothing new
    const [claimed] = store.claimDeliveries('a', 10, 100, 10);
    expect(claimed).toMatchObject({ key: 'status:t', version: 1, uncertain: false, attempts: 1 });
    store.enqueue({ ...d, payload: { text: 'two' } }, 11); // changed while sending
    store.completeDelivery('status:t', 1, '111.1', 12);
    expect(store.getDelivery('status:t')).toMatchObject({ state: 'pending', ts: '111.1', version: 2 });
    const [next] = store.claimDeliveries('a', 13, 100, 10);
    expect(next?.payload).toEqual({ text: 'two' });
    // The process dies while sending: the lease runs out and the next claim knows it may have gone out.
    const [again] = store.claimDeliveries('b', 200, 100, 10);
    expect(again).toMatchObject({ key: 'status:t', uncertain: true });
    store.completeDelivery('status:t', again!.version, null, 201);
    expect(store.getDelivery('status:t')).toMatchObject({ state: 'done', ts: '111.1', uncertain: false });
    expect(store.claimDeliveries('b', 300, 100, 10)).toHaveLength(0);
    store.enqueue({ ...d, payload: { text: 'two' } }, 301); // already delivered
    expect(store.claimDeliveries('b', 302, 100, 10)).toHaveLength(0);
  });

  it('frees the leases of a crashed process, marking its interrupted writes as uncertain', () => {
    const { job } = store.createJob(newJob(), 1);
    store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 1);
    store.enqueue({ key: 'k', jobId: job.id, kind: 'reply', inThread: true, payload: { text: 'x' } }, 1);
    expect(store.claimJobsToStart('dead', 10, 60_000, 5)).toHaveLength(1);
    expect(store.claimDeliveries('dead', 10, 60_000, 5)).toHaveLength(1);
    store.releaseLeases();
    expect(store.claimJobsToStart('next', 11, 60_000, 5)).toHaveLength(1);
    expect(store.claimDeliveries('next', 11, 60_000, 5)).toMatchObject([{ key: 'k', uncertain: true }]);
  });

  it('keeps everything across a reopen', () => {
    const path = join(dir, 'db', 'test.db');
    const { job } = store.createJob(newJob(), 1);
    store.close();
    store = new SqliteStore(path);
    expect(store.getJob(job.id)?.triggerKey).toBe('msg:C1:1.0');
  });
});
