// The lip-sync loop's decisions against a scripted service: a face check asked for once, progress shown,
// a failed face check reported instead of asked again, and the progress scale read leniently.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LipsyncInfo } from '@dubkit/core';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../store/sqlite-store.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import { LipsyncRunner, progressOf } from './runner.ts';

let dir: string;
let store: SqliteStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dubkit-lipsync-'));
  store = new SqliteStore(join(dir, 'test.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A dubbed language with a lip-sync asked for; returns its task. */
function setUp() {
  const { job } = store.createJob(
    {
      triggerKey: 'msg:C1:1.0',
      channel: 'C1',
      threadTs: '1.0',
      userId: 'U1',
      source: { kind: 'link', link: 'https://youtu.be/x' },
      title: 'x',
    },
    1,
  );
  store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 2);
  const target = store.targetsOf(job.id)[0]!;
  store.setTargetProject(target.id, 'p1', 3);
  const task = store.createLipsync(
    { targetId: target.id, jobId: job.id, projectId: 'p1', userId: 'U1', multipleFaces: false },
    4,
  )!;
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

async function runUntil(runner: LipsyncRunner, done: () => boolean) {
  runner.start();
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  await runner.stop();
}

describe('LipsyncRunner', () => {
  it('asks for a face check once, and reports one that failed instead of asking again', async () => {
    const { job, task } = setUp();
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
    await runUntil(runner, () =>
      store.deliveriesOf(job.id).some((d) => d.key === `lipsyncfailed:${task.id}`),
    );
    expect(calls.checkFace).toBe(1);
    expect(calls.startLipsync).toBe(0);
    const failed = store.getDelivery(`lipsyncfailed:${task.id}`)!;
    expect(JSON.stringify(failed.payload)).toContain('The face check failed on the service');
    expect(store.claimDueLipsyncs('me', Date.now() + 10_000, 1000, 10)).toEqual([]);
  });

  it('starts with free minutes when they cover the video, shows progress, then posts the video', async () => {
    const { job, target, task } = setUp();
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
      onDeliveries: () => {
        const text = (store.getDelivery(`status:${target.id}`)?.payload as { text?: string } | undefined)
          ?.text;
        if (text && statuses.at(-1) !== text) statuses.push(text);
      },
    });
    await runUntil(runner, () => store.deliveriesOf(job.id).some((d) => d.key === `lipsynced:${task.id}`));
    expect(calls).toEqual({ checkFace: 0, startLipsync: 1 });
    expect(statuses).toContain('Spanish: Lip-syncing (40%)');
    expect(statuses.at(-1)).toBe('Spanish: dubbed');
    expect(JSON.stringify(store.getDelivery(`lipsynced:${task.id}`)!.payload)).toContain(
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
