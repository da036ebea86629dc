// The lip-sync loop's decisions against a scripted service: a face check asked for once, progress shown,
// a failed face check reported instead of asked again, and the progress scale read leniently.
import type { LipsyncInfo } from '@dubkit/core';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Store } from '../../store/store.ts';
import { boundTarget } from '../../test-support/jobs.ts';
import { type TempStore, tempStore } from '../../test-support/store.ts';
import { LipsyncRunner, progressOf } from './runner.ts';

let temp: TempStore;
let store: Store;
beforeEach(async () => {
  temp = await tempStore();
  store = temp.store;
});
afterEach(async () => {
  await temp.cleanup();
});

/** A dubbed language with a lip-sync asked for; returns its task. */
async function setUp() {
  const { job, target } = await boundTarget(store);
  const task = (await store.createLipsync(
    { targetId: target.id, jobId: job.id, projectId: 'p1', userId: 'U1', multipleFaces: false },
    4,
  ))!;
  return { job, target, task };
}

/** A service whose lip-sync record is read from `infos` in turn; calls are counted. */
function scripted(infos: LipsyncInfo[]) {
  const calls = { checkFace: 0, startLipsync: 0 };
  let i = 0;
  const service = {
    lipsync: async () => infos[Math.min(i++, infos.length - 1)]!,
    checkFace: async () => {
      calls.checkFace++;
    },
    startLipsync: async () => {
      calls.startLipsync++;
    },
    credits: async () => ({
      minutes: { total: 10, used: 0 },
      video: { total: 1, used: 0 },
      lipsync_free_minutes: { total: 60, used: 0 },
    }),
    getProject: async () => ({ duration: 90 }),
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
      store,
      service,
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

  it('starts with free minutes when they cover the video, shows progress, then posts the video', async () => {
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
      store,
      service,
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
    expect(calls).toEqual({ checkFace: 0, startLipsync: 1 });
    expect(statuses).toContain('Spanish: Lip-syncing (40%)');
    expect(statuses.at(-1)).toBe('Spanish: dubbed');
    expect(JSON.stringify((await store.getDelivery(`lipsynced:${task.id}`))!.payload)).toContain(
      '<https://x/ls.mp4|▶ Lip-synced video>',
    );
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
