// The Store contract: what every implementation must do, run against each one (sqlite/store.test.ts; a
// new engine is one more call). Written against the interface only, so it can never lean on an engine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderReplyKey } from '../domain/renders.ts';
import { boundTarget, newJob, startedJob } from '../test-support/jobs.ts';
import type { Store, Stores, Target } from './store.ts';
import { describeTenantIsolation } from './tenants.contract.ts';

/** The tenant whose store the contract exercises (another one's rows are the isolation suite's). */
export const TENANT = 'T0AAA';

export interface StoreFixture {
  /** A new, empty, migrated store. */
  open(): Promise<Stores>;
  /** The same database again, as a restarted process opens it. */
  reopen(): Promise<Stores>;
  /** Removes what open() made. */
  cleanup(): Promise<void>;
}

export function describeStoreContract(engine: string, makeFixture: () => Promise<StoreFixture>): void {
  describe(`Store contract on ${engine}`, () => {
    let fixture: StoreFixture;
    let stores: Stores;
    let store: Store;
    /** The database opened again, as after a restart. */
    const reopen = async () => {
      await stores.close();
      stores = await fixture.reopen();
      store = stores.tenant(TENANT);
    };

    beforeEach(async () => {
      fixture = await makeFixture();
      stores = await fixture.open();
      store = stores.tenant(TENANT);
    });
    afterEach(async () => {
      await stores.close();
      await fixture.cleanup();
    });

    describeTenantIsolation(() => stores);

    describe('jobs and the outbox', () => {
      it('records an event id once', async () => {
        expect(await store.recordEvent('Ev1', 1)).toBe(true);
        expect(await store.recordEvent('Ev1', 2)).toBe(false);
        expect(await store.hasEvent('Ev1')).toBe(true);
      });

      it('gives one job per trigger and records the event with it', async () => {
        const first = await store.createJob({ ...newJob(), eventId: 'Ev1' }, 1);
        const again = await store.createJob({ ...newJob(), eventId: 'Ev2' }, 2);
        expect(first.created).toBe(true);
        expect(again).toEqual({ job: first.job, created: false });
        expect((await store.hasEvent('Ev1')) && (await store.hasEvent('Ev2'))).toBe(true);
      });

      it('reads several jobs at once, those that exist', async () => {
        const { job: one } = await store.createJob(newJob({ triggerKey: 'one' }), 1);
        const { job: two } = await store.createJob(newJob({ triggerKey: 'two', channel: 'C2' }), 1);
        const jobs = await store.getJobs([one.id, two.id, one.id, 'missing']);
        expect([...jobs.keys()].sort()).toEqual([one.id, two.id].sort());
        expect(jobs.get(two.id)).toEqual(two);
        expect(await store.getJobs([])).toEqual(new Map());
      });

      it('starts a picking job once, with one target per language', async () => {
        const { job } = await store.createJob(newJob(), 1);
        const choice = { dstLangs: ['es', 'de'], srcLang: 'en', numSpeakers: 2 };
        expect((await store.startJob(job.id, choice, 5))?.state).toBe('starting');
        expect(await store.startJob(job.id, choice, 6)).toBeUndefined();
        expect((await store.targetsOf(job.id)).map((t) => t.dstLang)).toEqual(['es', 'de']);
        expect(await store.cancelJob(job.id)).toBe(false);
      });

      it('reopens only a cancelled job, back to its picker as it was', async () => {
        const { job } = await store.createJob(newJob(), 1);
        await store.setPicking(job.id, { dstLangs: ['fr'] }, { srcLang: 'en', numSpeakers: null });
        expect(await store.reopenJob(job.id)).toBeUndefined();
        expect(await store.cancelJob(job.id)).toBe(true);
        const reopened = await store.reopenJob(job.id);
        expect(reopened).toMatchObject({ state: 'picking', picked: { dstLangs: ['fr'] }, srcLang: 'en' });
        expect(await store.reopenJob(job.id)).toBeUndefined();
      });

      it('leases a waiting card’s video until it is ready or refused, and keeps that lease across Start', async () => {
        const { job } = await store.createJob(newJob(), 1);
        expect(job).toMatchObject({ mediaId: null, mediaReady: false, mediaSeconds: null, picked: null });
        expect((await store.claimJobsToStart('a', 10, 100, 5)).map((j) => j.id)).toEqual([job.id]);
        await store.setJobMedia(job.id, 'm1');
        // Start while the holder still waits for the video: the lease stays its holder's.
        await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 20);
        expect(await store.claimJobsToStart('b', 30, 100, 5)).toHaveLength(0);
        await store.setJobMediaReady(job.id, { seconds: 754 });
        expect(await store.retitleJob(job.id, 'Product launch keynote', job.title)).toBe(true);
        // A title read before that change does not overwrite it.
        expect(await store.retitleJob(job.id, 'vimeo.com/1', job.title)).toBe(false);
        expect(await store.getJob(job.id)).toMatchObject({
          mediaId: 'm1',
          mediaReady: true,
          mediaSeconds: 754,
          title: 'Product launch keynote',
        });
        await store.releaseJob(job.id, 'a', 0);
        expect((await store.claimJobsToStart('b', 40, 100, 5)).map((j) => j.state)).toEqual(['starting']);

        // A video ready or refused while the card waits is not claimed again.
        const { job: ready } = await store.createJob(newJob({ triggerKey: 'msg:C1:ready' }), 1);
        await store.setJobMedia(ready.id, 'm2');
        await store.setJobMediaReady(ready.id, { seconds: null });
        const { job: refused } = await store.createJob(newJob({ triggerKey: 'msg:C1:refused' }), 1);
        await store.setJobMediaError(refused.id, 'it is not a video or audio file');
        expect(await store.claimJobsToStart('c', 50, 100, 5)).toEqual([]);
        // Start on a ready video frees the lease at once.
        await store.startJob(ready.id, { dstLangs: ['de'], srcLang: null, numSpeakers: null }, 60);
        expect((await store.claimJobsToStart('c', 61, 100, 5)).map((j) => j.id)).toEqual([ready.id]);
      });

      it('records what a waiting card’s picker holds, and nothing once it started', async () => {
        const { job } = await store.createJob(newJob(), 1);
        const picked = { dstLangs: ['ja', 'pt-br'], glossaryIds: ['g1'] };
        const now = await store.setPicking(job.id, picked, { srcLang: 'en', numSpeakers: 2 });
        expect(now).toMatchObject({ picked, srcLang: 'en', numSpeakers: 2, state: 'picking' });
        expect((await store.getJob(job.id))?.picked).toEqual(picked);
        await store.startJob(job.id, { dstLangs: ['ja'], srcLang: 'en', numSpeakers: 2 }, 5);
        expect(await store.setPicking(job.id, { dstLangs: [] }, { srcLang: null, numSpeakers: null })).toBe(
          undefined,
        );
      });

      it('leases jobs to start and due targets to one owner at a time', async () => {
        const { job } = await store.createJob(newJob(), 1);
        await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 1);
        expect(await store.claimJobsToStart('a', 10, 100, 5)).toHaveLength(1);
        expect(await store.claimJobsToStart('b', 20, 100, 5)).toHaveLength(0);
        await store.releaseJob(job.id, 'a', 50);
        expect(await store.claimJobsToStart('b', 40, 100, 5)).toHaveLength(0);
        expect(await store.claimJobsToStart('b', 51, 100, 5)).toHaveLength(1);

        const [target] = await store.targetsOf(job.id);
        expect(await store.claimDueTargets('a', 60, 100, 5)).toHaveLength(0); // no project yet
        await store.setTargetProject(target!.id, 'p1', 60);
        expect((await store.claimDueTargets('a', 60, 100, 5)).map((t) => t.projectId)).toEqual(['p1']);
        expect(await store.claimDueTargets('b', 61, 100, 5)).toHaveLength(0);
        await store.recordPoll(
          target!.id,
          { status: 'created', changed: true, terminal: false, nextPollAt: 200, intervalMs: 100 },
          70,
          [{ key: 'status:x', jobId: job.id, kind: 'status', inThread: true, payload: { text: 'a' } }],
        );
        expect(await store.claimDueTargets('b', 199, 100, 5)).toHaveLength(0);
        expect((await store.claimDueTargets('b', 200, 100, 5))[0]?.status).toBe('created');
        expect((await store.getDelivery('status:x'))?.state).toBe('pending');
      });

      it('records a batch of polls in one transaction, each change only over the status it was seen from', async () => {
        const { job } = await store.createJob(newJob(), 1);
        await store.startJob(job.id, { dstLangs: ['es', 'de', 'fr'], srcLang: null, numSpeakers: null }, 1);
        const [es, de, fr] = await store.targetsOf(job.id);
        for (const [t, p] of [
          [es!, 'p-es'],
          [de!, 'p-de'],
          [fr!, 'p-fr'],
        ] as const)
          await store.setTargetProject(t.id, p, 2);
        expect(await store.claimDueTargets('a', 5, 100, 5)).toHaveLength(3);
        const poll = (t: Target, from: string | null, status: string, jobId = job.id) => ({
          targetId: t.id,
          from,
          result: { status, changed: true, terminal: false, nextPollAt: 50, intervalMs: 10 },
          deliveries: [
            {
              key: `status:${t.id}`,
              jobId,
              kind: 'status' as const,
              inThread: true,
              payload: { text: status },
            },
          ],
        });
        // fr was seen from a status it does not show: left out, its write too, and its lease freed.
        const recorded = await store.recordPolls(
          [poll(es!, null, 'created'), poll(de!, null, 'created'), poll(fr!, 'dubbing', 'merging_done')],
          'a',
          10,
        );
        expect(recorded).toEqual([es!.id, de!.id]);
        expect((await store.getTarget(es!.id))?.status).toBe('created');
        expect(await store.getDelivery(`status:${de!.id}`)).toMatchObject({ state: 'pending', version: 1 });
        expect((await store.getTarget(fr!.id))?.status).toBeNull();
        expect(await store.getDelivery(`status:${fr!.id}`)).toBeUndefined();
        expect((await store.claimTargets([fr!.id], 'b', 11, 100)).map((t) => t.id)).toEqual([fr!.id]);
        // A change recorded already (a replica, a batch again) is not recorded twice, nor an older over a newer.
        expect(await store.recordPolls([poll(es!, 'created', 'dubbing')], 'a', 20)).toEqual([es!.id]);
        expect(
          await store.recordPolls([poll(es!, null, 'created'), poll(de!, null, 'created')], 'a', 30),
        ).toEqual([]);
        expect((await store.getTarget(es!.id))?.status).toBe('dubbing');
        expect((await store.getDelivery(`status:${de!.id}`))?.version).toBe(1);
        // One transaction: a write that cannot be made (its job unknown) leaves every change of the batch out.
        await expect(
          store.recordPolls(
            [poll(de!, 'created', 'dubbing'), poll(es!, 'dubbing', 'merging_done', 'no-job')],
            'a',
            40,
          ),
        ).rejects.toThrow(/no channel/);
        expect((await store.getTarget(de!.id))?.status).toBe('created');
        expect(await store.recordPolls([], 'a', 50)).toEqual([]);
      });

      it('leases the list sweep to one owner at a time, at most once per pace, and records what it saw', async () => {
        expect(await store.claimSweep('a', 1_000, 100, 2_000)).toBe(true);
        // Held by a: b waits for the lease, then for the pace set by a's claim.
        expect(await store.claimSweep('b', 1_050, 100, 2_000)).toBe(false);
        await store.releaseSweep('a');
        expect(await store.claimSweep('b', 1_500, 100, 2_000)).toBe(false);
        expect(await store.claimSweep('b', 3_000, 100, 2_000)).toBe(true);
        await store.renewLeases('sweeps', ['projects'], 'b', 10_000, 3_050);
        expect(await store.claimSweep('a', 6_000, 100, 2_000)).toBe(false);

        const { job } = await store.createJob(newJob(), 1);
        await store.startJob(job.id, { dstLangs: ['es', 'de', 'fr'], srcLang: null, numSpeakers: null }, 1);
        const [es, de, fr] = await store.targetsOf(job.id);
        await store.setTargetProject(es!.id, 'p-es', 10);
        await store.setTargetProject(de!.id, 'p-de', 10);
        // fr has no project yet: not followed.
        expect((await store.trackedTargets(10)).map((t) => t.projectId).sort()).toEqual(['p-de', 'p-es']);
        // The changes a sweep saw are leased to it, once; what it saw unchanged is due again when it says.
        expect((await store.claimTargets([es!.id, fr!.id], 'a', 20, 100)).map((t) => t.id)).toEqual([es!.id]);
        expect(await store.claimTargets([es!.id], 'b', 30, 100)).toEqual([]);
        await store.markSeen([de!.id, es!.id], 500, 40);
        expect((await store.getTarget(de!.id))?.nextPollAt).toBe(500);
        // es is leased: the poll that holds it records it.
        expect((await store.getTarget(es!.id))?.nextPollAt).toBe(10);
        // While sweeps run, only what is overdue by then (es, its lease ended unrecorded) is polled on its own.
        expect((await store.claimDueTargets('b', 600, 100, 5, 400)).map((t) => t.id)).toEqual([es!.id]);
        expect((await store.claimDueTargets('b', 600, 100, 5, 500)).map((t) => t.id)).toEqual([de!.id]);
      });

      it('retries only a failed target, as a new attempt', async () => {
        const { job } = await store.createJob(newJob(), 1);
        await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 1);
        await store.setJobRunning(job.id);
        const [target] = await store.targetsOf(job.id);
        expect(await store.retryTarget(target!.id, 5)).toBeUndefined();
        await store.setTargetProject(target!.id, 'p1', 2);
        await store.recordPoll(
          target!.id,
          { status: 'no_words', changed: true, terminal: true, nextPollAt: 9, intervalMs: 1 },
          3,
          [],
        );
        const retried = await store.retryTarget(target!.id, 5);
        expect(retried).toMatchObject({
          attempt: 2,
          projectId: null,
          status: null,
          terminal: false,
          startedAt: 5,
        });
        expect((await store.getJob(job.id))?.state).toBe('starting');
        expect(await store.retryTarget(target!.id, 6)).toBeUndefined();
      });

      it('keeps its figures for /metrics as rows change: jobs by state, languages polled, writes not yet made', async () => {
        const { job } = await store.createJob(newJob(), 1);
        await store.createJob(newJob({ triggerKey: 'other' }), 1);
        await store.startJob(job.id, { dstLangs: ['es', 'de'], srcLang: null, numSpeakers: null }, 1);
        await store.setJobRunning(job.id);
        const [es, de] = await store.targetsOf(job.id);
        await store.setTargetProject(es!.id, 'p1', 2);
        await store.setTargetProject(de!.id, 'p2', 2);
        const status = { jobId: job.id, kind: 'status' as const, inThread: true };
        await store.enqueue({ ...status, key: 'status:es', payload: { text: 'a' } }, 3);
        await store.enqueue({ ...status, key: 'status:de', payload: { text: 'a' } }, 4);
        await store.enqueue({ ...status, key: 'status:de', payload: { text: 'b' } }, 5); // a newer version
        expect(await stores.stats(10)).toEqual({
          jobsByState: { picking: 1, running: 1 },
          languagesPolled: 2,
          writesOpen: 2,
          oldestDueAt: 3,
        });

        await store.recordPoll(
          es!.id,
          { status: 'no_words', changed: true, terminal: true, nextPollAt: 9, intervalMs: 1 },
          6,
          [],
        );
        await store.markSending(['status:es'], 7);
        await store.completeDelivery('status:es', 1, '1.1', 8);
        expect(await stores.stats(10)).toMatchObject({ languagesPolled: 1, writesOpen: 1, oldestDueAt: 5 });
        await store.retryTarget(es!.id, 9); // a new attempt, with no project yet
        const retried = await stores.stats(10);
        expect(retried.jobsByState).toEqual({ picking: 1, starting: 1 });
        expect(retried.languagesPolled).toBe(1);
        await store.setTargetProject(es!.id, 'p3', 10);
        expect((await stores.stats(10)).languagesPolled).toBe(2);
      });

      it('stops a started job: its languages under way end as stopped and are never polled again', async () => {
        const { job } = await store.createJob(newJob(), 1);
        expect(await store.stopJob(job.id, 'U0BEN')).toBeUndefined();
        await store.startJob(
          job.id,
          { dstLangs: ['es', 'de'], srcLang: null, numSpeakers: null },
          1,
          'U0BEN',
        );
        expect((await store.getJob(job.id))?.startedBy).toBe('U0BEN');
        await store.setJobRunning(job.id);
        const [es, de] = await store.targetsOf(job.id);
        await store.setTargetProject(es!.id, 'p1', 2);
        await store.recordPoll(
          es!.id,
          { status: 'merging_done', changed: true, terminal: true, nextPollAt: 9, intervalMs: 1 },
          3,
          [],
        );
        await store.setTargetProject(de!.id, 'p2', 2);
        const stopped = await store.stopJob(job.id, 'U0ANA');
        expect(stopped?.map((t) => [t.id, t.stoppedBy, t.terminal])).toEqual([[de!.id, 'U0ANA', true]]);
        expect(await store.getJob(job.id)).toMatchObject({ state: 'stopped', stoppedBy: 'U0ANA' });
        expect(await store.claimDueTargets('a', 100, 100, 5)).toEqual([]);
        // A poll in flight when Stop was pressed changes nothing and says nothing.
        await store.recordPoll(
          de!.id,
          { status: 'translating', changed: true, terminal: false, nextPollAt: 4, intervalMs: 1 },
          4,
          [
            {
              key: 'status:late',
              jobId: job.id,
              kind: 'status',
              inThread: true,
              payload: { text: 'x', blocks: [] },
            },
          ],
        );
        expect(await store.getTarget(de!.id)).toMatchObject({ terminal: true, stoppedBy: 'U0ANA' });
        expect(await store.getDelivery('status:late')).toBeUndefined();
        // A project created just after the stop is recorded, but not polled.
        await store.setTargetProject(de!.id, 'p3', 5);
        expect(await store.claimDueTargets('a', 100, 100, 5)).toEqual([]);
        expect(await store.stopJob(job.id, 'U0ANA')).toBeUndefined();
        // A job whose every language has ended has nothing to stop.
        const { job: done } = await store.createJob({ ...newJob(), triggerKey: 'msg:C1:2.2' }, 1);
        await store.startJob(done.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 1);
        const [only] = await store.targetsOf(done.id);
        await store.recordPoll(
          only!.id,
          { status: 'merging_done', changed: true, terminal: true, nextPollAt: 9, intervalMs: 1 },
          3,
          [],
        );
        expect(await store.stopJob(done.id, 'U0ANA')).toBeUndefined();
      });

      it('delivers each key once, keeps a newer payload pending, and flags interrupted sends as uncertain', async () => {
        const { job } = await store.createJob(newJob(), 1);
        const d = {
          key: 'status:t',
          jobId: job.id,
          kind: 'status' as const,
          inThread: true,
          payload: { text: 'one' },
        };
        await store.enqueue(d, 1);
        await store.enqueue(d, 2); // same payload: nothing new
        const [claim] = await store.claimWrites('a', 10, 100, 10);
        expect(await store.claimWrites('b', 10, 100, 10)).toEqual([]); // one writer per channel
        expect(claim?.channel).toBe('C1');
        expect(claim?.write).toMatchObject({
          key: 'status:t',
          channel: 'C1',
          version: 1,
          uncertain: false,
          attempts: 0,
        });
        await store.markSending(['status:t'], 10);
        await store.enqueue({ ...d, payload: { text: 'two' } }, 11); // changed while sending
        await store.completeDelivery('status:t', 1, '111.1', 12);
        expect(await store.getDelivery('status:t')).toMatchObject({
          state: 'pending',
          ts: '111.1',
          version: 2,
          attempts: 1,
        });
        await store.releaseChannels('a', [{ channel: 'C1', nextWriteAt: 20 }]); // its pace: next write from 20
        expect(await store.claimWrites('a', 19, 100, 10)).toEqual([]);
        const [next] = await store.claimWrites('a', 20, 100, 10);
        expect(next?.write?.payload).toEqual({ text: 'two' });
        await store.markSending(['status:t'], 20);
        // The writer dies mid-call: its lease runs out and the next writer knows the write may have gone out.
        const [again] = (await store.claimWrites('b', 200, 100, 10)).map((c) => c.write);
        expect(again).toMatchObject({ key: 'status:t', uncertain: true, updatedAt: 20 });
        await store.completeDelivery('status:t', again!.version, null, 201);
        expect(await store.getDelivery('status:t')).toMatchObject({
          state: 'done',
          ts: '111.1',
          uncertain: false,
        });
        await store.releaseChannels('b', [{ channel: 'C1', nextWriteAt: 201 }]);
        expect(await store.claimWrites('b', 300, 100, 10)).toEqual([]);
        await store.enqueue({ ...d, payload: { text: 'two' } }, 301); // already delivered
        expect(await store.claimWrites('b', 302, 100, 10)).toEqual([]);
      });

      it('puts first posts before edits, and counts only the failures of each write', async () => {
        const { job } = await store.createJob(newJob(), 1);
        const status = {
          key: 'status:a',
          jobId: job.id,
          kind: 'status' as const,
          inThread: true,
          payload: { n: 1 },
        };
        await store.enqueue(status, 1);
        await store.completeDelivery('status:a', 1, '5.5', 2);
        await store.enqueue({ ...status, payload: { n: 2 } }, 3); // an edit of a posted message
        await store.enqueue(
          { key: 'reply:r', jobId: job.id, kind: 'reply', inThread: true, payload: { done: true } },
          4,
        );
        expect((await store.dueIn('C1', 5, 10)).map((x) => x.key)).toEqual(['reply:r', 'status:a']);
        await store.deferDelivery('reply:r', 6, { uncertain: false, failed: false }); // only waited its turn
        await store.deferDelivery('status:a', 6, { uncertain: false, failed: true });
        await store.deferDelivery('status:a', 6, { uncertain: true, failed: true });
        expect(await store.getDelivery('reply:r')).toMatchObject({ failures: 0, uncertain: false });
        expect(await store.getDelivery('status:a')).toMatchObject({ failures: 2, uncertain: true });
        expect(await store.dueIn('C1', 5, 10)).toEqual([]);
        await store.completeDelivery('status:a', 2, null, 7);
        expect(await store.getDelivery('status:a')).toMatchObject({
          failures: 0,
          uncertain: false,
          state: 'done',
        });
      });

      it('keeps a deferred request until it is run, one run at a time, again later when it could not be', async () => {
        const body = { type: 'view_submission', view: { id: 'V1' } };
        await store.deferRequest('d1', body, 10);
        expect(await store.dueRequests(9, 10)).toEqual([]);
        expect(await store.dueRequests(10, 10)).toEqual([{ id: 'd1', body, tries: 0, createdAt: 10 }]);
        // Two replicas see it due: one takes it.
        const claims = await Promise.all([
          store.claimRequest('d1', 11, 100),
          store.claimRequest('d1', 11, 100),
        ]);
        expect(claims.filter(Boolean)).toHaveLength(1);
        expect(await store.dueRequests(50, 10)).toEqual([]);
        await store.retryRequest('d1', 200);
        expect(await store.dueRequests(199, 10)).toEqual([]);
        expect(await store.dueRequests(200, 10)).toMatchObject([{ id: 'd1', tries: 1 }]);
        await store.finishRequest('d1');
        expect(await store.dueRequests(1_000, 10)).toEqual([]);
      });

      it('keeps the files a write uploaded until its payload changes', async () => {
        const { job } = await store.createJob(newJob({ triggerKey: 'uploads', channel: 'C1' }), 1);
        const render = { key: 'render:u', jobId: job.id, kind: 'render' as const, inThread: true };
        await store.enqueue({ ...render, payload: { n: 1 } }, 1);
        expect(await store.getDelivery('render:u')).toMatchObject({ uploadedFiles: null });
        await store.recordUploads('render:u', ['F1', 'F2']);
        expect(await store.getDelivery('render:u')).toMatchObject({ uploadedFiles: ['F1', 'F2'] });
        await store.enqueue({ ...render, payload: { n: 1 } }, 2); // the same payload again: kept
        expect(await store.getDelivery('render:u')).toMatchObject({ uploadedFiles: ['F1', 'F2'] });
        await store.enqueue({ ...render, payload: { n: 2 } }, 3);
        expect(await store.getDelivery('render:u')).toMatchObject({ uploadedFiles: null });
      });

      it('lists the attempts of a language that delivered a render, from the render replies recorded', async () => {
        const { job } = await store.createJob(newJob({ triggerKey: 'delivered', channel: 'C1' }), 1);
        await store.startJob(job.id, { dstLangs: ['es', 'de'], srcLang: null, numSpeakers: null }, 1);
        const [es, de] = await store.targetsOf(job.id);
        const write = (key: string, kind: 'render' | 'reply') =>
          store.enqueue({ key, jobId: job.id, kind, inThread: true, payload: { key } }, 1);
        // Attempt 1 failed (its reply is not a render's), 2 and 4 delivered; another target's renders and a
        // target whose id starts the same are not this one's.
        await write(`failed:${es!.id}.1`, 'reply');
        await write(renderReplyKey(es!.id, 4), 'render');
        await write(renderReplyKey(es!.id, 2), 'render');
        await write(renderReplyKey(de!.id, 3), 'render');
        await write(renderReplyKey(`${es!.id}0`, 1), 'render');
        expect(await store.deliveredRenders(es!.id)).toEqual([2, 4]);
        expect(await store.deliveredRenders(de!.id)).toEqual([3]);
        expect(await store.deliveredRenders('nobody')).toEqual([]);
      });

      it('leases the longest-waiting channels first, each with its first due write and its thread', async () => {
        const { job: one } = await store.createJob(newJob({ triggerKey: 'one', channel: 'C1' }), 1);
        const { job: two } = await store.createJob(
          newJob({ triggerKey: 'two', channel: 'C2', threadTs: '2.2' }),
          1,
        );
        const write = (key: string, jobId: string, now: number, inThread = true) =>
          store.enqueue({ key, jobId, kind: 'reply', inThread, payload: { key } }, now);
        await write('two:a', two.id, 3);
        await write('one:card', one.id, 4, false);
        await write('two:b', two.id, 5);
        const [first] = await store.claimWrites('a', 10, 100, 1);
        expect(first).toMatchObject({ channel: 'C2', write: { key: 'two:a', threadTs: '2.2' } });
        expect(await store.claimWrites('a', 10, 100, 5)).toMatchObject([
          { channel: 'C1', write: { key: 'one:card', threadTs: null } },
        ]);
      });

      it('keeps a channel due for a write enqueued while it was leased, and for a write put off', async () => {
        const { job } = await store.createJob(newJob(), 1);
        const write = (key: string, now: number) =>
          store.enqueue({ key, jobId: job.id, kind: 'reply', inThread: true, payload: { key } }, now);
        await write('a', 1);
        const [claim] = await store.claimWrites('w', 2, 100, 5);
        await store.markSending([claim!.write!.key], 2);
        await write('b', 3); // arrives while 'a' is being written
        await store.completeDelivery('a', 1, '1.1', 4);
        await store.releaseChannels('w', [{ channel: 'C1', nextWriteAt: 4 }]);
        const [next] = await store.claimWrites('w', 5, 100, 5);
        expect(next?.write?.key).toBe('b');
        await store.deferDelivery('b', 50, { uncertain: false, failed: true });
        await store.releaseChannels('w', [{ channel: 'C1', nextWriteAt: 6 }]);
        expect(await store.claimWrites('w', 49, 100, 5)).toEqual([]);
        expect(await store.claimWrites('w', 50, 100, 5)).toMatchObject([{ write: { key: 'b' } }]);
        // The lease runs out (its writer is gone): a late release by that writer takes nothing from the next.
        expect(await store.claimWrites('x', 200, 100, 5)).toMatchObject([{ write: { key: 'b' } }]);
        await store.releaseChannels('w', [{ channel: 'C1', nextWriteAt: 0 }]);
        expect(await store.claimWrites('y', 201, 100, 5)).toEqual([]);
      });

      it('sends a write that belongs to no job into its own channel and thread', async () => {
        await store.enqueue(
          {
            key: 'glossary:C9:1',
            jobId: 'glossary:C9:1',
            kind: 'reply',
            inThread: true,
            payload: { t: 1 },
            to: { channel: 'C9', threadTs: '9.9' },
          },
          1,
        );
        expect(await store.claimWrites('a', 2, 100, 10)).toMatchObject([
          {
            channel: 'C9',
            write: { key: 'glossary:C9:1', threadTs: '9.9', to: { channel: 'C9', threadTs: '9.9' } },
          },
        ]);
      });

      it('never gives one row to two claimers at once', async () => {
        for (const [i, trigger] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) {
          const { job } = await store.createJob(newJob({ triggerKey: trigger, channel: `C${i}` }), 1);
          await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 1);
          const [target] = await store.targetsOf(job.id);
          await store.setTargetProject(target!.id, `p${i}`, 2);
          await store.enqueue(
            { key: `k${i}`, jobId: job.id, kind: 'reply', inThread: true, payload: { i } },
            2,
          );
        }
        const claims = await Promise.all(
          ['a', 'b', 'c'].flatMap((owner) => [
            store.claimDueTargets(owner, 10, 1_000, 4).then((rows) => rows.map((t) => t.id)),
            store.claimWrites(owner, 10, 1_000, 4).then((rows) => rows.map((c) => c.channel)),
            store.claimJobsToStart(owner, 10, 1_000, 4).then((rows) => rows.map((j) => j.id)),
          ]),
        );
        const ids = claims.flat();
        expect(ids).toHaveLength(18);
        expect(new Set(ids).size).toBe(18);
      });

      it('frees the leases of a crashed process, its interrupted writes uncertain', async () => {
        const { job } = await store.createJob(newJob(), 1);
        await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 1);
        await store.enqueue(
          { key: 'k', jobId: job.id, kind: 'reply', inThread: true, payload: { text: 'x' } },
          1,
        );
        expect(await store.claimJobsToStart('dead', 10, 60_000, 5)).toHaveLength(1);
        expect(await store.claimWrites('dead', 10, 60_000, 5)).toMatchObject([{ channel: 'C1' }]);
        await store.markSending(['k'], 10);
        await stores.releaseLeases();
        expect(await store.claimJobsToStart('next', 11, 60_000, 5)).toHaveLength(1);
        expect(await store.claimWrites('next', 11, 60_000, 5)).toMatchObject([
          { channel: 'C1', write: { key: 'k', uncertain: true } },
        ]);
      });

      it('records a glossary import once, leases it, and ends it with its report in one step', async () => {
        const request = {
          key: 'glossary:C1:2.0',
          channel: 'C1',
          threadTs: '2.0',
          url: 'https://files.slack.com/F1',
          fileName: 'terms.csv',
          name: 'Terms',
          srcLang: null,
          dstLang: 'es',
          userId: 'U1',
          makeDefault: true,
        };
        expect(await store.requestImport(request, 1)).toBe(true);
        expect(await store.requestImport(request, 2)).toBe(false);
        const [claimed] = await store.claimImports('a', 10, 100, 5);
        expect(claimed).toEqual({ ...request, failures: 0 });
        expect(await store.claimImports('b', 20, 100, 5)).toEqual([]);
        await store.deferImport(request.key, 50);
        expect(await store.claimImports('b', 49, 100, 5)).toEqual([]);
        expect(await store.claimImports('b', 50, 100, 5)).toMatchObject([{ failures: 1 }]);
        const report = {
          key: request.key,
          jobId: request.key,
          kind: 'reply' as const,
          inThread: true,
          payload: { t: 1 },
          to: { channel: 'C1', threadTs: '2.0' },
        };
        await store.finishImport(request.key, report, 60);
        await store.finishImport(request.key, { ...report, payload: { t: 2 } }, 61); // a second finish owes nothing more
        expect(await store.getDelivery(request.key)).toMatchObject({ payload: { t: 1 }, version: 1 });
        expect(await store.claimImports('c', 1_000, 100, 5)).toEqual([]);
      });

      it('keeps a termbase offer once per import, moves its source while open, and is chosen once', async () => {
        const request = {
          key: 'glossary:C1:3.0',
          channel: 'C1',
          threadTs: '3.0',
          url: 'https://files.slack.com/F2',
          fileName: 'terms.csv',
          name: 'Brand',
          srcLang: null,
          dstLang: null,
          userId: 'U1',
          makeDefault: false,
        };
        await store.requestImport(request, 1);
        const offer = {
          id: 'offer-1',
          importKey: request.key,
          channel: 'C1',
          threadTs: '3.0',
          userId: 'U1',
          fileName: 'terms.csv',
          name: 'Brand',
          makeDefault: false,
          file: Buffer.from('en,es,de\na,b,c\n').toString('base64'),
          languages: ['en', 'es', 'de'],
          source: 0,
          chosen: null,
          createdAt: 5,
        };
        const message = (t: number) => ({
          key: request.key,
          jobId: request.key,
          kind: 'status' as const,
          inThread: true,
          payload: { t },
          to: { channel: 'C1', threadTs: '3.0' },
        });
        await store.offerTermbase(offer, message(1), 10);
        // The import ran again (a lease lost): the first offer stays, its message is owed once.
        await store.offerTermbase({ ...offer, id: 'offer-2' }, message(2), 11);
        expect(await store.termbaseOffer('offer-1')).toEqual(offer);
        expect(await store.termbaseOffer('offer-2')).toBeUndefined();
        expect(await store.getDelivery(request.key)).toMatchObject({ payload: { t: 1 }, version: 1 });
        expect(await store.claimImports('a', 1_000, 100, 5)).toEqual([]);

        expect(await store.setTermbaseSource('offer-1', 2, message(3), 12)).toBe(true);
        const create = { ...request, key: 'termbase:offer-1', url: '', offerId: 'offer-1', userId: 'U2' };
        // A choice made against the old source is refused: its pairs were another source's.
        expect(
          await store.chooseTermbase('offer-1', { source: 0, pairIds: ['0>1'] }, create, message(4), 13),
        ).toBe(false);
        expect(
          await store.chooseTermbase('offer-1', { source: 2, pairIds: ['2>0'] }, create, message(5), 14),
        ).toBe(true);
        expect(
          await store.chooseTermbase('offer-1', { source: 2, pairIds: ['2>1'] }, create, message(6), 15),
        ).toBe(false);
        expect(await store.setTermbaseSource('offer-1', 1, message(7), 16)).toBe(false);
        expect(await store.termbaseOffer('offer-1')).toMatchObject({ source: 2, chosen: ['2>0'] });
        expect(await store.getDelivery(request.key)).toMatchObject({ payload: { t: 5 } });
        expect(await store.claimImports('b', 1_000, 100, 5)).toEqual([{ ...create, failures: 0 }]);
        // Once the chosen glossaries are made, the kept file goes; the rest of the offer stays.
        await store.finishImport(create.key, { ...message(8), key: create.key, kind: 'reply' }, 20);
        expect(await store.termbaseOffer('offer-1')).toMatchObject({
          file: '',
          chosen: ['2>0'],
          name: 'Brand',
        });
      });

      it('keeps everything across a reopen', async () => {
        const { job } = await store.createJob(newJob(), 1);
        await reopen();
        expect((await store.getJob(job.id))?.triggerKey).toBe('msg:C1:1.0');
      });
    });

    async function dubbedTarget() {
      const { job, target } = await boundTarget(store, 'p1', { job: { title: 'x' } });
      await store.recordPoll(
        target.id,
        { status: 'merging_done', changed: true, terminal: true, nextPollAt: 10, intervalMs: 5 },
        4,
        [],
      );
      return { job, target };
    }

    describe('review sessions', () => {
      it('keep the baseline, the edits and the page; close once', async () => {
        const baseline = [
          { id: 's1', start: '00:00:00,000', end: '00:00:01,000', speaker: null, src: 'a', dst: 'b' },
        ];
        const session = await store.createReviewSession({
          targetId: 't',
          projectId: 'p',
          userId: 'U1',
          baseline,
          createdAt: 5,
        });
        expect(session).toMatchObject({
          page: 0,
          edits: {},
          additions: [],
          viewId: null,
          closed: false,
          baseline,
        });
        await store.updateReviewSession(session.id, { viewId: 'V1', page: 2, edits: { s1: { dst: 'c' } } });
        const added = { start: '00:00:01,000', end: '00:00:02,500', dst: 'nueva', speaker: 'SPEAKER_01' };
        await store.updateReviewSession(session.id, { page: 1, additions: [added] });
        expect(await store.getReviewSession(session.id)).toMatchObject({
          viewId: 'V1',
          page: 1,
          edits: { s1: { dst: 'c' } },
          additions: [added],
        });
        expect(await store.closeReviewSession(session.id)).toBe(true);
        expect(await store.closeReviewSession(session.id)).toBe(false);
      });

      it('number segments for good: a removal leaves a gap, a new segment gets the next number', async () => {
        const first = await store.segmentNumbers('t', ['a', 'b', 'c']);
        expect([...first]).toEqual([
          ['a', 1],
          ['b', 2],
          ['c', 3],
        ]);
        // b was removed and x added between a and c: a and c keep theirs, x is #4, b's #2 is not given again.
        const later = await store.segmentNumbers('t', ['a', 'x', 'c']);
        expect([later.get('a'), later.get('x'), later.get('c')]).toEqual([1, 4, 3]);
        expect((await store.segmentNumbers('other', ['x'])).get('x')).toBe(1);
      });

      it('keep comments on lines, resolved only by a later render that changed their segment', async () => {
        const comment = {
          targetId: 't',
          segmentId: 's2',
          number: 2,
          userId: 'U1',
          text: 'too formal',
          render: 1,
          at: 5,
          resolvedIn: null,
          resolvedBy: null,
        };
        await store.addComment({ ...comment, id: 'c1' });
        await store.addComment({ ...comment, id: 'c2', segmentId: 's3', number: 3, at: 6 });
        await store.addComment({ ...comment, id: 'c3', render: 2, at: 7 });
        await store.resolveComments('t', ['s2'], 2);
        expect((await store.commentsOf('t')).map((c) => [c.id, c.resolvedIn])).toEqual([
          ['c1', 2],
          ['c2', null],
          ['c3', null],
        ]);
        // Closed by hand: once, by whom, on the render current then.
        expect(await store.closeComments('t', ['c2', 'c1'], 'U2', 2)).toBe(1);
        expect(await store.closeComments('t', ['c2'], 'U3', 2)).toBe(0);
        expect((await store.commentsOf('t')).find((c) => c.id === 'c2')).toMatchObject({
          resolvedIn: 2,
          resolvedBy: 'U2',
        });
      });

      it('keep who last saved edits to a language, the latest save winning', async () => {
        expect(await store.lastEditorOf('t')).toBeUndefined();
        await store.recordEditor('t', 'U1', 10);
        await store.recordEditor('t', 'U2', 20);
        await store.recordEditor('t', 'U3', 15);
        expect(await store.lastEditorOf('t')).toBe('U2');
        expect(await store.lastEditorOf('other')).toBeUndefined();
      });
    });

    describe('changes since the last render', () => {
      it('keep each change once with its first time, per language, and are cleared up to a render', async () => {
        await store.recordRedubChanges(
          't1',
          [
            { kind: 'edited', ref: 's1' },
            { kind: 'added', ref: 's9' },
          ],
          10,
        );
        await store.recordRedubChanges(
          't1',
          [
            { kind: 'edited', ref: 's1' },
            { kind: 'voice', ref: 'SPEAKER_01' },
          ],
          20,
        );
        await store.recordRedubChanges('t2', [{ kind: 'edited', ref: 's1' }], 15);
        expect(await store.redubChanges('t1')).toEqual([
          { kind: 'added', ref: 's9', at: 10 },
          { kind: 'edited', ref: 's1', at: 10 },
          { kind: 'voice', ref: 'SPEAKER_01', at: 20 },
        ]);
        // A render started at 15: what was saved until then is its; the later voice change waits for the next.
        await store.clearRedubChanges('t1', 15);
        expect(await store.redubChanges('t1')).toEqual([{ kind: 'voice', ref: 'SPEAKER_01', at: 20 }]);
        expect(await store.redubChanges('t2')).toEqual([{ kind: 'edited', ref: 's1', at: 15 }]);
        await store.recordRedubChanges('t1', [], 30);
        expect(await store.redubChanges('t1')).toHaveLength(1);
      });

      it('keep a fixed source’s first old text: fixed again, it still says what it was before the first fix', async () => {
        await store.recordRedubChanges('t3', [{ kind: 'source', ref: 's1', was: 'First' }], 10);
        await store.recordRedubChanges('t3', [{ kind: 'source', ref: 's1', was: 'Second' }], 20);
        expect(await store.redubChanges('t3')).toEqual([{ kind: 'source', ref: 's1', at: 10, was: 'First' }]);
      });
    });

    describe('channel QA settings', () => {
      it('are none until chosen, then one row per channel, replaced whole', async () => {
        expect(await store.channelQa('C1')).toBeUndefined();
        await store.saveChannelQa({
          channel: 'C1',
          enabled: false,
          preset: 'bbc',
          updatedBy: 'U1',
          updatedAt: 5,
        });
        await store.saveChannelQa({
          channel: 'C2',
          enabled: true,
          preset: 'netflix',
          updatedBy: 'U2',
          updatedAt: 6,
        });
        expect(await store.channelQa('C1')).toEqual({
          channel: 'C1',
          enabled: false,
          preset: 'bbc',
          updatedBy: 'U1',
          updatedAt: 5,
        });
        await store.saveChannelQa({
          channel: 'C1',
          enabled: true,
          preset: 'netflix-children',
          updatedBy: 'U3',
          updatedAt: 7,
        });
        expect(await store.channelQa('C1')).toMatchObject({
          enabled: true,
          preset: 'netflix-children',
          updatedBy: 'U3',
        });
        expect(await store.channelQa('C2')).toMatchObject({ enabled: true, preset: 'netflix' });
      });
    });

    describe('channel delivery formats', () => {
      it('are none until chosen, then one row per channel, replaced whole', async () => {
        expect(await store.channelFormats('C1')).toBeUndefined();
        await store.saveChannelFormats({
          channel: 'C1',
          formats: ['ttml', 'ass'],
          updatedBy: 'U1',
          updatedAt: 5,
        });
        await store.saveChannelFormats({ channel: 'C2', formats: ['srt'], updatedBy: 'U2', updatedAt: 6 });
        expect(await store.channelFormats('C1')).toEqual({
          channel: 'C1',
          formats: ['ttml', 'ass'],
          updatedBy: 'U1',
          updatedAt: 5,
        });
        await store.saveChannelFormats({
          channel: 'C1',
          formats: ['ebu-tt-d'],
          updatedBy: 'U3',
          updatedAt: 7,
        });
        expect(await store.channelFormats('C1')).toMatchObject({ formats: ['ebu-tt-d'], updatedBy: 'U3' });
        expect(await store.channelFormats('C2')).toMatchObject({ formats: ['srt'] });
      });
    });

    describe('channels on autopilot', () => {
      const setting = {
        channel: 'C1',
        dstLangs: ['es', 'de'],
        capMinutes: 10,
        period: 'day' as const,
        mode: 'start' as const,
        updatedBy: 'U1',
        updatedAt: 5,
      };
      const choice = { dstLangs: ['es'], srcLang: null, numSpeakers: null };
      const mark = { mode: 'start' as const, state: 'started' as const, minutes: 4, capMinutes: 10 };
      const charge = (minutes: number, cap: number | null = 10) => ({
        channel: 'C1',
        periodStart: 1_000,
        minutes,
        cap,
      });

      it('keeps one setting per channel, replaced whole', async () => {
        expect(await store.channelAutopilot('C1')).toBeUndefined();
        await store.saveChannelAutopilot(setting);
        await store.saveChannelAutopilot({ ...setting, dstLangs: [], mode: 'wait', updatedAt: 6 });
        expect(await store.channelAutopilot('C1')).toEqual({
          ...setting,
          dstLangs: [],
          mode: 'wait',
          updatedAt: 6,
        });
      });

      it('marks a job pending for the starter, starts it within the cap, and refuses it past the cap with the count', async () => {
        const { job } = await store.createJob(newJob({ autopilot: { mode: 'start', state: 'pending' } }), 1);
        expect(job.autopilot).toEqual({ mode: 'start', state: 'pending' });
        // Its video ready, a pending job is still due to the starter (its autopilot start is to be made).
        await store.setJobMediaReady(job.id, { seconds: 120 });
        expect((await store.claimJobsToStart('w', 2, 100, 10)).map((j) => j.id)).toEqual([job.id]);
        const { job: other } = await store.createJob(newJob({ triggerKey: 'msg:C1:2.0' }), 1);
        expect(await store.autopilotUsed('C1', 1_000)).toBe(0);
        const started = await store.startJobCharged(job.id, choice, 3, undefined, charge(8), mark);
        expect(started).toMatchObject({ kind: 'started', used: 8, job: { state: 'starting' } });
        expect((await store.getJob(job.id))?.autopilot).toEqual({ ...mark, used: 8 });
        // Past the cap: not started, not counted.
        expect(await store.startJobCharged(other.id, choice, 4, undefined, charge(3), mark)).toEqual({
          kind: 'capped',
          used: 8,
        });
        expect((await store.getJob(other.id))?.state).toBe('picking');
        expect(await store.targetsOf(other.id)).toEqual([]);
        expect(await store.autopilotUsed('C1', 1_000)).toBe(8);
        // A person's Start is counted whatever the count; a job no longer waiting is neither started nor counted.
        expect(await store.startJobCharged(other.id, choice, 5, 'U2', charge(3, null), mark)).toMatchObject({
          kind: 'started',
          used: 11,
        });
        expect(await store.startJobCharged(other.id, choice, 6, 'U2', charge(3, null), mark)).toEqual({
          kind: 'gone',
        });
        expect(await store.autopilotUsed('C1', 1_000)).toBe(11);
        // Another period counts from zero.
        expect(await store.autopilotUsed('C1', 2_000)).toBe(0);
        await store.markAutopilot(other.id, { mode: 'start', state: 'capped', used: 8 });
        expect((await store.getJob(other.id))?.autopilot).toMatchObject({ state: 'capped', used: 8 });
      });

      it('gives the last minutes to one of four starts racing for them', async () => {
        const jobs = await Promise.all(
          [1, 2, 3, 4].map(
            async (n) => (await store.createJob(newJob({ triggerKey: `msg:C1:${n}.0` }), 1)).job,
          ),
        );
        const outcomes = await Promise.all(
          jobs.map((job) => store.startJobCharged(job.id, choice, 2, undefined, charge(6), mark)),
        );
        expect(outcomes.filter((o) => o.kind === 'started')).toHaveLength(1);
        expect(outcomes.filter((o) => o.kind === 'capped')).toHaveLength(3);
        expect(await store.autopilotUsed('C1', 1_000)).toBe(6);
        const states = await Promise.all(jobs.map(async (job) => (await store.getJob(job.id))?.state));
        expect(states.filter((s) => s === 'starting')).toHaveLength(1);
      });
    });

    describe('channel approvers', () => {
      it('are none until named, kept in the order picked, replaced whole, and found by approver', async () => {
        expect(await store.channelApprovers('C1')).toEqual([]);
        expect(await store.channelsApprovedBy('UANA')).toEqual([]);
        await store.saveChannelApprovers({
          channel: 'C1',
          userIds: ['UBEN', 'UANA', 'UBEN'],
          updatedBy: 'U1',
          updatedAt: 5,
        });
        await store.saveChannelApprovers({ channel: 'C2', userIds: ['UANA'], updatedBy: 'U2', updatedAt: 6 });
        expect(await store.channelApprovers('C1')).toEqual(['UBEN', 'UANA']);
        expect(await store.channelsApprovedBy('UANA')).toEqual(['C1', 'C2']);
        await store.saveChannelApprovers({
          channel: 'C1',
          userIds: ['UOMAR'],
          updatedBy: 'U3',
          updatedAt: 7,
        });
        expect(await store.channelApprovers('C1')).toEqual(['UOMAR']);
        expect(await store.channelsApprovedBy('UANA')).toEqual(['C2']);
        // None named: anyone in the channel approves again.
        await store.saveChannelApprovers({ channel: 'C2', userIds: [], updatedBy: 'U3', updatedAt: 8 });
        expect(await store.channelApprovers('C2')).toEqual([]);
        expect(await store.channelsApprovedBy('UANA')).toEqual([]);
      });
    });

    describe('approvals', () => {
      it('keep the first approver of a render, give way to a later render, and are read by target', async () => {
        expect(await store.approvalsOf(['t1'])).toEqual([]);
        const ana = { targetId: 't1', attempt: 1, userId: 'UANA', at: 10 };
        expect(await store.recordApproval(ana)).toEqual(ana);
        // Ben approves the same render later: Ana's approval stays.
        expect(await store.recordApproval({ ...ana, userId: 'UBEN', at: 20 })).toEqual(ana);
        // A render started attempt 2; Ben's approval of it replaces the old one.
        const ben = { targetId: 't1', attempt: 2, userId: 'UBEN', at: 30 };
        expect(await store.recordApproval(ben)).toEqual(ben);
        expect(await store.recordApproval({ ...ana, at: 40 })).toEqual(ben);
        await store.recordApproval({ targetId: 't2', attempt: 1, userId: 'UANA', at: 50 });
        const both = await store.approvalsOf(['t1', 't2', 'none']);
        expect(both.sort((a, b) => a.at - b.at)).toEqual([
          ben,
          { targetId: 't2', attempt: 1, userId: 'UANA', at: 50 },
        ]);
      });
    });

    describe('change requests', () => {
      it('withdraw an approval of the same render, are withdrawn by a later approval, and are read by target', async () => {
        const ana = { targetId: 't1', attempt: 1, userId: 'UANA', at: 10 };
        await store.recordApproval(ana);
        const ask = { targetId: 't1', attempt: 1, userId: 'UBEN', reason: 'names', at: 20 };
        await store.recordChangeRequest(ask);
        expect(await store.approvalsOf(['t1'])).toEqual([]);
        expect(await store.changeRequestsOf(['t1', 'none'])).toEqual([ask]);
        // An older render's request does not replace a newer one's.
        await store.recordChangeRequest({ ...ask, attempt: 2, at: 30 });
        await store.recordChangeRequest({ ...ask, reason: 'late', at: 40 });
        expect(await store.changeRequestsOf(['t1'])).toEqual([{ ...ask, attempt: 2, at: 30 }]);
        // Approving render 2 withdraws the request.
        await store.recordApproval({ ...ana, attempt: 2, at: 50 });
        expect(await store.changeRequestsOf(['t1'])).toEqual([]);
      });
    });

    describe('review session baseline', () => {
      it('is replaced when a source fix changes a segment shown, the edits kept', async () => {
        const segment = { id: 's1', start: 'a', end: 'b', speaker: null, src: 'Old', dst: 'Viejo' };
        const session = await store.createReviewSession({
          targetId: 't1',
          projectId: 'p1',
          userId: 'U1',
          baseline: [segment],
          createdAt: 1,
        });
        await store.updateReviewSession(session.id, { edits: { s1: { dst: 'Nuevo' } } });
        await store.updateReviewSession(session.id, { baseline: [{ ...segment, src: 'New' }] });
        expect(await store.getReviewSession(session.id)).toMatchObject({
          baseline: [{ id: 's1', src: 'New', dst: 'Viejo' }],
          edits: { s1: { dst: 'Nuevo' } },
        });
      });
    });

    describe('assignments', () => {
      it('replace the language’s earlier one, send its message once, and list what waits for the assignee', async () => {
        const { job, target } = await dubbedTarget();
        const ben = {
          id: 'V1',
          targetId: target.id,
          jobId: job.id,
          assignee: 'UBEN',
          assignedBy: 'UANA',
          at: 10,
          threadLink: 'https://example.slack.com/archives/C1/p1',
        };
        const message = (id: string) => ({
          key: `assigned:${target.id}:${id}`,
          jobId: job.id,
          kind: 'reply' as const,
          inThread: false,
          payload: { text: id },
          to: { channel: 'D0BEN', threadTs: null },
        });
        expect(await store.assignmentsOf([target.id])).toEqual([]);
        expect(await store.recordAssignment(ben, [message('V1')], 10)).toBe(true);
        // The same dialog submitted again: nothing changes, no second message.
        expect(await store.recordAssignment({ ...ben, at: 11 }, [message('V1')], 11)).toBe(false);
        expect(await store.assignmentsOf([target.id, 'none'])).toEqual([ben]);
        expect(await store.assignedTo('UBEN', 10)).toEqual([ben]);
        const sent = (await store.deliveriesOf(job.id)).filter((d) => d.key.startsWith('assigned:'));
        expect(sent).toMatchObject([{ key: `assigned:${target.id}:V1`, channel: 'D0BEN', version: 1 }]);
        // Re-assigned to Ana: hers replaces his, with its own message.
        const ana = { ...ben, id: 'V2', assignee: 'UANA', at: 20 };
        expect(await store.recordAssignment(ana, [message('V2')], 20)).toBe(true);
        expect(await store.assignmentsOf([target.id])).toEqual([ana]);
        expect(await store.assignedTo('UBEN', 10)).toEqual([]);
        expect(await store.assignedTo('UANA', 10)).toEqual([ana]);
        // Approved: no longer waiting for her; a new render waits again.
        await store.recordApproval({ targetId: target.id, attempt: target.attempt, userId: 'UBEN', at: 30 });
        expect(await store.assignedTo('UANA', 10)).toEqual([]);
        await store.resumeTarget(target.id, 'render_requested', 40);
        expect(await store.assignedTo('UANA', 10)).toEqual([ana]);
      });
    });

    describe('languages waiting for review', () => {
      it('are the ended ones whose current render nobody approved; a render clears an approval', async () => {
        const { job, target } = await dubbedTarget();
        const waiting = () => store.unapprovedIn(job.channel, 10);
        expect(await waiting()).toEqual([{ jobId: job.id, targetId: target.id }]);
        expect(await store.unapprovedIn('C-other', 10)).toEqual([]);
        await store.recordApproval({ targetId: target.id, attempt: target.attempt, userId: 'U1', at: 5 });
        expect(await waiting()).toEqual([]);
        // Render again: a new attempt, under way, then ended again with nobody's approval.
        const resumed = (await store.resumeTarget(target.id, 'render_requested', 6))!;
        expect(await waiting()).toEqual([]);
        await store.recordPoll(
          resumed.id,
          { status: 'merging_done', changed: true, terminal: true, nextPollAt: 10, intervalMs: 5 },
          7,
          [],
        );
        expect(await waiting()).toEqual([{ jobId: job.id, targetId: target.id }]);
      });
    });

    describe('resumeTarget', () => {
      it('tracks a dubbed target again as a new attempt on the same project, once', async () => {
        const { target } = await dubbedTarget();
        const resumed = await store.resumeTarget(target.id, 'voiceover_started', 100);
        expect(resumed).toMatchObject({
          attempt: 2,
          projectId: 'p1',
          status: 'voiceover_started',
          terminal: false,
          startedAt: 100,
          nextPollAt: 100,
        });
        expect(await store.resumeTarget(target.id, 'voiceover_started', 101)).toBeUndefined();
        expect((await store.targetOfProject('p1'))?.id).toBe(target.id);
      });
    });

    describe('glossaries and channel settings', () => {
      const glossary = {
        id: 'g1',
        name: 'Brand terms',
        srcLang: 'en',
        dstLang: 'es',
        version: 1,
        channel: 'C1',
        createdBy: 'U1',
        updatedAt: 1,
      };

      it('saves, updates by id, finds by name ignoring case, and deletes', async () => {
        await store.saveGlossary(glossary);
        await store.saveGlossary({ ...glossary, version: 2, updatedAt: 2 });
        expect(await store.findGlossary('brand TERMS')).toMatchObject({ id: 'g1', version: 2 });
        await store.saveGlossary({ ...glossary, id: 'g2', name: 'brand terms' });
        expect((await store.glossaries()).map((g) => g.id)).toEqual(['g2']);
        await store.deleteGlossary('g2');
        expect(await store.glossaries()).toEqual([]);
      });

      it('keeps one settings row per channel', async () => {
        expect(await store.channelSettings('C1')).toBeUndefined();
        await store.saveChannelSettings({
          channel: 'C1',
          dstLangs: ['es'],
          glossaryIds: [],
          updatedBy: 'U1',
          updatedAt: 1,
        });
        await store.saveChannelSettings({
          channel: 'C1',
          dstLangs: ['de', 'fr'],
          glossaryIds: ['g1'],
          updatedBy: 'U2',
          updatedAt: 2,
        });
        expect(await store.channelSettings('C1')).toEqual({
          channel: 'C1',
          dstLangs: ['de', 'fr'],
          glossaryIds: ['g1'],
          updatedBy: 'U2',
          updatedAt: 2,
        });
      });

      it('keeps per-language options, none by default', async () => {
        expect(await store.targetOptions('j', 'es')).toBeUndefined();
        await store.setTargetOptions('j', 'es', { glossaryId: 'g1', transcriptId: null });
        await store.setTargetOptions('j', 'es', { glossaryId: 'g1', transcriptId: 't1' });
        expect(await store.targetOptions('j', 'es')).toEqual({ glossaryId: 'g1', transcriptId: 't1' });
      });

      it('lists a user’s recent jobs, newest first', async () => {
        await dubbedTarget();
        await store.createJob(
          {
            triggerKey: 'msg:C1:2.0',
            channel: 'C1',
            threadTs: '2.0',
            userId: 'U1',
            source: { kind: 'link', link: 'https://youtu.be/y' },
            title: 'y',
          },
          50,
        );
        expect((await store.recentJobs('U1', 10)).map((j) => j.title)).toEqual(['y', 'x']);
        expect(await store.recentJobs('U2', 10)).toEqual([]);
      });

      it('lists the jobs a person started, approved or asked changes of, newest first', async () => {
        const { target } = await dubbedTarget();
        await startedJob(store, { job: { triggerKey: 'msg:C1:2.0', userId: 'U2', title: 'mine' } });
        const asked = await startedJob(store, {
          job: { triggerKey: 'msg:C2:3.0', title: 'asked', channel: 'C2' },
        });
        await store.createJob(newJob({ triggerKey: 'msg:C1:4.0', title: 'other' }), 60);
        const titles = async (user: string, limit = 10) =>
          (await store.jobsOfPerson(user, limit)).map((j) => j.title);
        expect(await titles('U2')).toEqual(['mine']);
        await store.recordApproval({ targetId: target.id, attempt: target.attempt, userId: 'U2', at: 5 });
        await store.recordChangeRequest({
          targetId: asked.targets[0]!.id,
          attempt: 1,
          userId: 'U2',
          reason: 'names',
          at: 6,
        });
        expect(new Set(await titles('U2'))).toEqual(new Set(['x', 'mine', 'asked']));
        expect(await titles('U2', 1)).toHaveLength(1);
        expect(await titles('U3')).toEqual([]);
      });

      it('pages every channel’s jobs, newest first, filtered by a title’s words whatever their case', async () => {
        for (const [i, title] of ['Keynote 100%', 'keynote_b', 'Onboarding'].entries())
          await store.createJob(newJob({ triggerKey: `msg:C${i}:${i}.0`, channel: `C${i}`, title }), 10 + i);
        const { job: cancelled } = await store.createJob(
          newJob({ triggerKey: 'msg:C9:9.0', title: 'Keynote gone' }),
          20,
        );
        await store.cancelJob(cancelled.id);
        const page = async (title: string | null, offset: number, limit: number) =>
          (await store.jobsPage({ title, offset, limit })).map((j) => j.title);
        expect(await page(null, 0, 2)).toEqual(['Onboarding', 'keynote_b']);
        expect(await page(null, 2, 2)).toEqual(['Keynote 100%']);
        expect(await page('KEYNOTE', 0, 10)).toEqual(['keynote_b', 'Keynote 100%']);
        // LIKE's wildcards are the title's own characters.
        expect(await page('%', 0, 10)).toEqual(['Keynote 100%']);
        expect(await page('e_b', 0, 10)).toEqual(['keynote_b']);
        expect(await page('t_', 0, 10)).toEqual([]);
      });
    });

    describe('adoptProject', () => {
      it('opens a running job with one language bound to the project, once per trigger', async () => {
        const input = {
          triggerKey: 'cmd:track:p9',
          channel: 'C1',
          threadTs: null,
          userId: 'U1',
          source: { kind: 'link' as const, link: 'https://youtu.be/z' },
          title: 'z',
        };
        const job = await store.adoptProject(input, 'de', 'p9', 7);
        expect(job).toMatchObject({ state: 'running', startedAt: 7 });
        expect(await store.targetsOf(job!.id)).toMatchObject([
          { dstLang: 'de', projectId: 'p9', nextPollAt: 7, terminal: false },
        ]);
        expect((await store.claimDueTargets('me', 8, 1000, 10)).map((t) => t.projectId)).toEqual(['p9']);
        expect(await store.adoptProject(input, 'de', 'p9', 9)).toBeUndefined();
        expect(await store.claimJobsToStart('me', 10, 1000, 10)).toEqual([]);
      });

      it('lists the channels whose defaults a user set', async () => {
        await store.saveChannelSettings({
          channel: 'C2',
          dstLangs: ['es'],
          glossaryIds: [],
          updatedBy: 'U1',
          updatedAt: 1,
        });
        await store.saveChannelSettings({
          channel: 'C3',
          dstLangs: ['de'],
          glossaryIds: [],
          updatedBy: 'U2',
          updatedAt: 1,
        });
        expect((await store.channelSettingsBy('U1')).map((s) => s.channel)).toEqual(['C2']);
      });
    });

    describe('lip-sync tasks', () => {
      it('allow one under way per target, are claimed when due, and record each look', async () => {
        const input = {
          targetId: 't1',
          jobId: 'j1',
          projectId: 'p1',
          userId: 'U1',
          multipleFaces: true,
          free: true,
        };
        const task = (await store.createLipsync(input, 10))!;
        // The kind asked for (here the free preview) is kept from the start.
        expect(task).toMatchObject({
          state: 'checking',
          free: true,
          faceCheckAsked: false,
          progress: 0,
          multipleFaces: true,
          nextPollAt: 10,
        });
        expect(await store.createLipsync(input, 11)).toBeUndefined();
        expect((await store.claimDueLipsyncs('me', 12, 1000, 10)).map((t) => t.id)).toEqual([task.id]);
        expect(await store.claimDueLipsyncs('me', 13, 1000, 10)).toEqual([]);
        await store.updateLipsync(task.id, {
          state: 'syncing',
          free: false,
          faceCheckAsked: true,
          progress: 0.4,
          nextPollAt: 20,
        });
        expect(await store.claimDueLipsyncs('me', 19, 1000, 10)).toEqual([]);
        expect((await store.claimDueLipsyncs('me', 20, 1000, 10))[0]).toMatchObject({
          state: 'syncing',
          free: false,
          faceCheckAsked: true,
          progress: 0.4,
        });
        expect(await store.fullLipsyncDone('p1')).toBe(false);
        await store.updateLipsync(task.id, { state: 'done', progress: 1 });
        expect(await store.claimDueLipsyncs('me', 5000, 1000, 10)).toEqual([]);
        // It ran as the full video (free: false above): the project's full lip-sync is paid for.
        expect(await store.fullLipsyncDone('p1')).toBe(true);
        expect(await store.fullLipsyncDone('p2')).toBe(false);
        expect(await store.createLipsync(input, 30)).toBeDefined();
        // A crashed holder's lease is freed at start-up.
        const other = (await store.createLipsync({ ...input, targetId: 't2' }, 40))!;
        expect((await store.claimDueLipsyncs('crashed', 41, 60_000, 10)).map((t) => t.id)).toContain(
          other.id,
        );
        await stores.releaseLeases();
        expect((await store.claimDueLipsyncs('me', 42, 60_000, 10)).map((t) => t.id)).toContain(other.id);
      });
    });

    describe('modal grants', () => {
      it('keep who opened a modal and for what, follow the app’s updates, and are pruned by age', async () => {
        const grant = {
          viewId: 'V1',
          opener: 'U1',
          channel: 'C1',
          threadTs: '1.0',
          callbackId: 'review_open',
          subject: '',
          createdAt: 10,
        };
        await store.saveModalGrant(grant);
        expect(await store.modalGrant('V1')).toEqual(grant);
        expect(await store.modalGrant('V2')).toBeUndefined();
        await store.updateModalGrant('V1', { callbackId: 'review_save', subject: 'session-1' });
        expect(await store.modalGrant('V1')).toEqual({
          ...grant,
          callbackId: 'review_save',
          subject: 'session-1',
        });
        // An update of a view the app never opened records nothing.
        await store.updateModalGrant('V9', { callbackId: 'x', subject: 'y' });
        expect(await store.modalGrant('V9')).toBeUndefined();
        await store.saveModalGrant({ ...grant, viewId: 'V2', threadTs: null, createdAt: 30 });
        expect((await store.modalGrant('V2'))?.threadTs).toBeNull();
        expect(await store.pruneModalGrants(20)).toBe(1);
        expect(await store.modalGrant('V1')).toBeUndefined();
        expect(await store.modalGrant('V2')).toBeDefined();
      });
    });

    describe('dropped subtitles and job lookups', () => {
      it('keeps one subtitle per file name and finds a job by trigger and by thread', async () => {
        const { job } = await dubbedTarget();
        await store.addSubtitle(job.id, { name: 'talk.srt', side: 'src', lang: null, text: 'a' });
        await store.addSubtitle(job.id, { name: 'talk.es.srt', side: 'dst', lang: 'es', text: 'b' });
        await store.addSubtitle(job.id, { name: 'talk.srt', side: 'src', lang: 'en', text: 'c' });
        expect(await store.subtitlesOf(job.id)).toEqual([
          { name: 'talk.srt', side: 'src', lang: 'en', text: 'c' },
          { name: 'talk.es.srt', side: 'dst', lang: 'es', text: 'b' },
        ]);
        expect((await store.jobByTrigger('msg:C1:1.0'))?.id).toBe(job.id);
        expect((await store.jobByThread('C1', '1.0'))?.id).toBe(job.id);
        expect(await store.jobByThread('C2', '1.0')).toBeUndefined();
      });
    });

    describe('learned stage durations', () => {
      const sums = (status: string, count: number, sumY: number) => ({
        status,
        count,
        sumX: 2 * count,
        sumY,
        sumXX: 4 * count,
        sumXY: 2 * sumY,
        residualCount: count,
        residualSum: 0.5,
        residualSquares: 0.25,
        pacedCount: 1,
        pacedSum: -0.125,
        pacedSquares: 0.015625,
      });

      it('add up what every writer observed, and are still there after a restart', async () => {
        expect(await store.stageSums()).toEqual([]);
        await store.addStageSums([sums('uploading', 2, 100), sums('voiceover_started', 1, 60_000)]);
        // A second process (another replica) adds its own, without reading first.
        const other = await fixture.reopen();
        await other.tenant(TENANT).addStageSums([sums('uploading', 3, 50)]);
        await other.close();
        await reopen();
        const [uploading, voiceover] = await store.stageSums();
        expect(uploading).toEqual({
          ...sums('uploading', 5, 150),
          residualSum: 1,
          residualSquares: 0.5,
          pacedCount: 2,
          pacedSum: -0.25,
          pacedSquares: 0.03125,
        });
        expect(voiceover).toEqual(sums('voiceover_started', 1, 60_000));
      });

      it('halve the older sums of a status past 10,000 observations, so that they follow a changing service', async () => {
        await store.addStageSums([sums('translation_started', 10_001, 10_001_000)]);
        await store.addStageSums([sums('translation_started', 1, 2_000)]);
        const [translation] = await store.stageSums();
        expect(translation?.count).toBe(5_001.5);
        expect(translation?.sumY).toBe(5_000_500 + 2_000);
      });

      it('keep a project’s pace and when its status began with its target, reset for a new project', async () => {
        const { target } = await boundTarget(store, 'p1');
        expect(target).toMatchObject({ stageSince: null, paceSum: 0, paceCount: 0 });
        const poll = { status: 'uploading', changed: true, terminal: false, nextPollAt: 50, intervalMs: 5 };
        await store.recordPoll(target.id, { ...poll, stageSince: 7, pace: { sum: 0.25, count: 1 } }, 9, []);
        expect(await store.getTarget(target.id)).toMatchObject({
          stageSince: 7,
          paceSum: 0.25,
          paceCount: 1,
        });
        // A poll that does not say keeps them.
        await store.recordPoll(target.id, { ...poll, changed: false }, 20, []);
        expect(await store.getTarget(target.id)).toMatchObject({
          stageSince: 7,
          paceSum: 0.25,
          paceCount: 1,
        });
        await store.setTargetProject(target.id, 'p2', 30);
        expect(await store.getTarget(target.id)).toMatchObject({
          stageSince: null,
          paceSum: 0,
          paceCount: 0,
        });
      });
    });

    describe('workflow step runs', () => {
      const run = (executionId: string, jobId: string | null = null) => ({
        executionId,
        callbackId: 'dub_video',
        token: `xwfp-${executionId}`,
        jobId,
        inputs: { languages: ['es'], approvers: ['U1'], waitForApproval: true },
        problem: null,
      });

      it('records a run once, however often its execution is sent', async () => {
        expect(await store.recordStep(run('Fx1'), 10)).toBe(true);
        expect(await store.recordStep({ ...run('Fx1'), token: 'xwfp-other' }, 20)).toBe(false);
        expect(await store.getStep('Fx1')).toEqual({
          ...run('Fx1'),
          state: 'running',
          createdAt: 10,
          nextCheckAt: 10,
          failures: 0,
        });
      });

      it('leases a due run to one owner, and frees it with the time of its next check', async () => {
        await store.recordStep(run('Fx1'), 10);
        expect((await store.claimDueSteps('a', 10, 1_000, 5)).map((s) => s.executionId)).toEqual(['Fx1']);
        expect(await store.claimDueSteps('b', 11, 1_000, 5)).toEqual([]);
        // Only its holder frees it.
        await store.deferStep('Fx1', 'b', 12);
        expect(await store.claimDueSteps('b', 12, 1_000, 5)).toEqual([]);
        await store.deferStep('Fx1', 'a', 500, true);
        expect(await store.claimDueSteps('b', 499, 1_000, 5)).toEqual([]);
        const [again] = await store.claimDueSteps('b', 500, 1_000, 5);
        expect(again).toMatchObject({ executionId: 'Fx1', failures: 1 });
        // A lease that ended is anyone's.
        expect((await store.claimDueSteps('c', 1_600, 1_000, 5)).map((s) => s.executionId)).toEqual(['Fx1']);
      });

      it('keeps a run being ended due until it is ended, then forgets its token', async () => {
        await store.recordStep(run('Fx1', 'job1'), 10);
        await store.claimDueSteps('a', 10, 1_000, 5);
        await store.markStepCompleting('Fx1');
        const [taken] = await store.claimDueSteps('b', 1_100, 1_000, 5);
        expect(taken?.state).toBe('completing');
        await store.endStep('Fx1', 1_200);
        expect(await store.getStep('Fx1')).toMatchObject({ state: 'ended', token: '' });
        expect(await store.claimDueSteps('c', 5_000, 1_000, 5)).toEqual([]);
        expect(await store.stepApprovers('job1')).toEqual(['U1']);
        expect(await store.stepApprovers('job2')).toEqual([]);
      });
    });
  });
}
