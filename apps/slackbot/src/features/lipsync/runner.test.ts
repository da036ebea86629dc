// The lip-sync loop's decisions against a scripted service: a face check asked for once, the kind of lip-sync
// the person chose sent (the full video unless they picked the preview, whatever free minutes are left),
// progress shown, a failed face check reported instead of asked again, and the progress scale read leniently.
import { InsufficientCreditsError, type LipsyncInfo } from '@dubkit/core';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Store } from '../../store/store.ts';
import { drawerFor } from '../../test-support/drawer.ts';
import { boundTarget } from '../../test-support/jobs.ts';
import { type TempStore, tempStore } from '../../test-support/store.ts';
import { LipsyncRunner, lipsyncLabel, progressOf } from './runner.ts';

let temp: TempStore;
let store: Store;
beforeEach(async () => {
  temp = await tempStore();
  store = temp.store;
});
afterEach(async () => {
  await temp.cleanup();
});

/** A dubbed language with a lip-sync asked for (the full one unless `free`); returns its task. */
async function setUp(free = false) {
  const { job, target } = await boundTarget(store);
  const done = { status: 'merging_done', changed: true, terminal: true, nextPollAt: Number.MAX_SAFE_INTEGER };
  await store.recordPoll(target.id, { ...done, intervalMs: 0 }, 4, []);
  const task = (await store.createLipsync(
    { targetId: target.id, jobId: job.id, projectId: 'p1', userId: 'U1', multipleFaces: false, free },
    4,
  ))!;
  return { job, target, task };
}

/** A service whose lip-sync record is read from `infos` in turn; calls are counted. */
function scripted(infos: LipsyncInfo[]) {
  const calls = { checkFace: 0, startLipsync: 0, sent: [] as { multipleFaces: boolean; free: boolean }[] };
  let i = 0;
  const service = {
    lipsync: async () => infos[Math.min(i++, infos.length - 1)]!,
    checkFace: async () => {
      calls.checkFace++;
    },
    startLipsync: async (_projectId: string, options: { multipleFaces: boolean; free: boolean }) => {
      calls.startLipsync++;
      calls.sent.push(options);
    },
    credits: async () => ({
      minutes: { total: 10, used: 0 },
      video: { total: 1, used: 0 },
      lipsync_free_minutes: { total: 60, used: 0 },
    }),
    getProject: async () => ({ duration: 90 }),
    describeStatus: (status: string) => ({
      label: 'Done',
      progress: 1,
      terminal: status === 'merging_done',
      failed: false,
    }),
  } as unknown as DubbingService;
  return { service, calls };
}

async function runUntil(runner: LipsyncRunner, done: () => Promise<boolean>) {
  runner.start();
  for (let i = 0; i < 400 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  await runner.stop();
}

describe('LipsyncRunner', () => {
  it('asks for a face check once, and reports one that failed instead of asking again', async () => {
    const { job, task } = await setUp();
    const { service, calls } = scripted([
      { check_face_task_status: null },
      { check_face_task_status: 'failed' },
    ]);
    const runner = new LipsyncRunner({
      drawer: drawerFor(store, service),
      store,
      dubbing: service,
      logger: pino({ level: 'silent' }),
      owner: 'me',
      pollMs: 1,
      onDeliveries: () => {},
    });
    await runUntil(runner, async () =>
      (await store.deliveriesOf(job.id)).some((d) => d.key === `lipsyncfailed:${task.id}`),
    );
    expect(calls.checkFace).toBe(1);
    expect(calls.startLipsync).toBe(0);
    const failed = (await store.getDelivery(`lipsyncfailed:${task.id}`))!;
    expect(JSON.stringify(failed.payload)).toContain('The face check failed on the service');
    expect(await store.claimDueLipsyncs('me', Date.now() + 10_000, 1000, 10)).toEqual([]);
  });

  it('starts the full lip-sync although free minutes would cover the video, shows progress, then posts the video', async () => {
    // 60 free minutes left and a 90 s video: still the full video, since that is what was asked for.
    const { job, target, task } = await setUp();
    const { service, calls } = scripted([
      { check_face_task_status: 'done', video_has_face: true },
      { check_face_task_status: 'done', lipsync_task_status: 'started', lipsync_task_progress: 40 },
      {
        check_face_task_status: 'done',
        lipsync_task_status: 'done',
        lipsync_result_path: 'https://x/ls.mp4',
      },
    ]);
    const statuses: string[] = [];
    const runner = new LipsyncRunner({
      drawer: drawerFor(store, service),
      store,
      dubbing: service,
      logger: pino({ level: 'silent' }),
      owner: 'me',
      pollMs: 1,
      onDeliveries: async () => {
        const text = (
          (await store.getDelivery(`status:${target.id}`))?.payload as { text?: string } | undefined
        )?.text;
        if (text && statuses.at(-1) !== text) statuses.push(text);
      },
    });
    await runUntil(runner, async () =>
      (await store.deliveriesOf(job.id)).some((d) => d.key === `lipsynced:${task.id}`),
    );
    expect(calls).toMatchObject({ checkFace: 0, startLipsync: 1 });
    expect(calls.sent).toEqual([{ multipleFaces: false, free: false }]);
    expect(statuses).toContain('Spanish: Lip-syncing (40%)');
    expect(statuses.at(-1)).toBe('Spanish: dubbed');
    const reply = JSON.stringify((await store.getDelivery(`lipsynced:${task.id}`))!.payload);
    expect(reply).toContain('<https://x/ls.mp4|▶ Lip-synced video>');
    expect(reply).toContain('full lip-sync');
    expect((await store.claimDueLipsyncs('me', Date.now() + 10_000, 1000, 10)).length).toBe(0);
  });

  it('sends the free preview only when it was chosen, and says the preview is what came back', async () => {
    const { job, target, task } = await setUp(true);
    const { service, calls } = scripted([
      { check_face_task_status: 'done', video_has_face: true },
      { check_face_task_status: 'done', lipsync_task_status: 'started', lipsync_task_progress: 10 },
      { check_face_task_status: 'done', lipsync_task_status: 'done', lipsync_result_path: 'https://x/p.mp4' },
    ]);
    const statuses: string[] = [];
    const runner = new LipsyncRunner({
      drawer: drawerFor(store, service),
      store,
      dubbing: service,
      logger: pino({ level: 'silent' }),
      owner: 'me',
      pollMs: 1,
      onDeliveries: async () => {
        const text = (
          (await store.getDelivery(`status:${target.id}`))?.payload as { text?: string } | undefined
        )?.text;
        if (text && statuses.at(-1) !== text) statuses.push(text);
      },
    });
    await runUntil(runner, async () =>
      (await store.deliveriesOf(job.id)).some((d) => d.key === `lipsynced:${task.id}`),
    );
    expect(calls.sent).toEqual([{ multipleFaces: false, free: true }]);
    expect(statuses).toContain('Spanish: Lip-syncing (free preview) (10%)');
    const reply = (await store.getDelivery(`lipsynced:${task.id}`))!.payload as { text: string };
    expect(reply.text).toBe('Spanish lip-sync preview ready (first minute)');
    expect(JSON.stringify(reply)).toContain('<https://x/p.mp4|▶ Lip-sync preview>');
  });

  it('explains a 402 for the kind that was short: paid minutes for the full video', async () => {
    const { job, task } = await setUp();
    const { service } = scripted([{ check_face_task_status: 'done', video_has_face: true }]);
    service.startLipsync = async () => {
      throw new InsufficientCreditsError(402, { detail: 'Not enough minutes' }, {}, undefined);
    };
    const runner = new LipsyncRunner({
      drawer: drawerFor(store, service),
      store,
      dubbing: service,
      logger: pino({ level: 'silent' }),
      owner: 'me',
      pollMs: 1,
      onDeliveries: () => {},
    });
    await runUntil(runner, async () =>
      (await store.deliveriesOf(job.id)).some((d) => d.key === `lipsyncfailed:${task.id}`),
    );
    expect(JSON.stringify((await store.getDelivery(`lipsyncfailed:${task.id}`))!.payload)).toContain(
      'There are not enough minutes left on the account for the full lip-sync.',
    );
  });
});

describe('lipsyncLabel', () => {
  it('names the preview, and takes a task recorded before people chose for the full one', () => {
    expect(lipsyncLabel({ free: true })).toBe('Lip-syncing (free preview)');
    expect(lipsyncLabel({ free: false })).toBe('Lip-syncing');
    expect(lipsyncLabel({ free: null })).toBe('Lip-syncing');
  });
});

describe('progressOf', () => {
  it('reads a percentage or a fraction, clamped', () => {
    expect(progressOf({ lipsync_task_progress: 40 })).toBe(0.4);
    expect(progressOf({ lipsync_task_progress: 0.25 })).toBe(0.25);
    expect(progressOf({ lipsync_task_progress: null })).toBe(0);
    expect(progressOf({ lipsync_task_progress: 250 })).toBe(1);
  });
});
