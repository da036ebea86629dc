// LipsyncService with a real store and a real ReviewService on the emulator over HTTP: what the dialog offers
// (the full video's paid minutes, the free minutes left), a lip-sync refused for a language that is not dubbed,
// recorded once with the kind chosen for a dubbed one (for the lip-sync loop to claim), refused while it runs,
// and asked for again once it ended.
import type { DubbingClient, Project } from '@dubkit/core';
import type { Emulator } from '@dubkit/emulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Store, Target } from '../../store/store.ts';
import { boundTarget } from '../../test-support/jobs.ts';
import { useServices } from '../../test-support/services.ts';
import { ReviewService } from '../review/service.ts';
import { LipsyncService } from './service.ts';

const services = useServices({ speed: 200 });
let emulator: Emulator;
let client: DubbingClient;
let service: DubbingService;
let store: Store;
let lipsync: LipsyncService;
let wakes: number;

beforeEach(async () => {
  ({ emulator, client, service, store } = services);
  wakes = 0;
  const review = new ReviewService({ store, dubbing: service, wakeDeliverer: () => {} });
  lipsync = new LipsyncService({ store, review, dubbing: service, wake: () => wakes++, now: () => 20_000 });
});
afterEach(async () => {
  emulator.setCredits('default', { lipsyncFreeMinutes: 60 });
});

/** A project on the emulator that reached `project`'s end, and a job's language that saw it. */
async function targetOf(link: string, options: { failStage?: 'translation' } = {}) {
  if (options.failStage) emulator.faults.set({ failStage: options.failStage });
  const { mediaId } = await service.uploadLink(link, 'talk');
  const created = await service.createProject({
    videoId: mediaId,
    dstLang: 'es',
    name: 'talk',
    srcLang: 'en',
    numSpeakers: null,
  });
  let project: Project | undefined;
  for await (const seen of client.projects.watch(created.id, {
    intervalMs: 25,
    maxIntervalMs: 200,
    timeoutMs: 30_000,
  }))
    project = seen;
  if (!project?.status) throw new Error('the project never reported a status');
  const { job, target } = await boundTarget(store, project.id);
  await record(target, project.status);
  return { job, target: (await store.getTarget(target.id))!, project };
}

async function record(target: Target, status: string) {
  const { terminal } = service.describeStatus(status);
  await store.recordPoll(
    target.id,
    { status, changed: true, terminal, nextPollAt: Number.MAX_SAFE_INTEGER, intervalMs: 0 },
    4,
    [],
  );
}

/** The full lip-sync with one face at a time: what the dialog asks for unless changed. */
const FULL = { multipleFaces: false, preview: false };

/** The lip-syncs the lip-sync loop would find due now. */
const due = () => store.claimDueLipsyncs('test', 20_000, 60_000, 10);

describe('LipsyncService.request', () => {
  it('refuses a language that is not dubbed: unknown, still running, or failed on the service', async () => {
    expect(await lipsync.request('no-such-target', 'U1', FULL)).toEqual({
      problem: 'That dub no longer exists.',
      channel: null,
    });
    const { target: running } = await boundTarget(store, 'p-running', { job: { triggerKey: 'msg:C1:8.0' } });
    expect(await lipsync.request(running.id, 'U1', FULL)).toEqual({
      problem: 'Spanish is being worked on right now; try again once it is ready.',
      channel: null,
    });
    const { project, target: failed } = await targetOf('https://vimeo.com/lipsync-failed', {
      failStage: 'translation',
    });
    expect(project.status).toBe('translation_failed');
    expect(await lipsync.request(failed.id, 'U1', FULL)).toEqual({
      problem: 'The Spanish dub failed; use Retry on it first.',
      channel: null,
    });
    expect(await due()).toEqual([]);
    expect(wakes).toBe(0);
  });

  it('records a lip-sync of a dubbed language once, refuses another while it runs, and allows one after', async () => {
    const { job, target, project } = await targetOf('https://vimeo.com/lipsync-dubbed');
    expect(project.status).toBe('merging_done');

    expect(await lipsync.request(target.id, 'U1', { multipleFaces: true, preview: true })).toBeUndefined();
    expect(wakes).toBe(1);
    expect(await lipsync.request(target.id, 'U2', FULL)).toEqual({
      problem: 'A lip-sync of this language is already under way.',
      channel: 'C1',
    });
    expect(wakes).toBe(1);

    const tasks = await due();
    expect(tasks).toEqual([
      expect.objectContaining({
        targetId: target.id,
        jobId: job.id,
        projectId: project.id,
        userId: 'U1',
        multipleFaces: true,
        state: 'checking',
        free: true,
        progress: 0,
        startedAt: 20_000,
      }),
    ]);
    // Nothing was asked of the service yet: the lip-sync loop does that.
    expect((await client.lipsync.get(project.id)).lipsync_task_status ?? null).toBeNull();

    // Once it ended, another may be asked for.
    await store.updateLipsync(tasks[0]!.id, { state: 'done', progress: 1 });
    expect(await lipsync.request(target.id, 'U2', FULL)).toBeUndefined();
    expect(wakes).toBe(2);
    const [again] = await store.claimDueLipsyncs('test', 20_000, 60_000, 10);
    expect(again).toMatchObject({ targetId: target.id, userId: 'U2', multipleFaces: false, free: false });
    expect(again!.id).not.toBe(tasks[0]!.id);
  });
});

describe('LipsyncService.choices', () => {
  it('prices the full video in whole paid minutes and counts the free minutes left', async () => {
    const { project } = await targetOf('https://vimeo.com/lipsync-choices');
    const minutes = Math.ceil(project.duration! / 60);
    expect(await lipsync.choices(project.id)).toEqual({ paidMinutes: minutes, freeMinutesLeft: 60 });
    // No free minutes left: nothing to offer a preview with.
    emulator.setCredits('default', { lipsyncFreeMinutes: 0 });
    expect(await lipsync.choices(project.id)).toEqual({ paidMinutes: minutes, freeMinutesLeft: 0 });
    // A preview delivered changes nothing; a full lip-sync delivered makes the next one free.
    const { job, target } = await boundTarget(store, project.id, { job: { triggerKey: 'msg:C1:9.0' } });
    const input = {
      targetId: target.id,
      jobId: job.id,
      projectId: project.id,
      userId: 'U1',
      multipleFaces: false,
    };
    const preview = (await store.createLipsync({ ...input, free: true }, 1))!;
    await store.updateLipsync(preview.id, { state: 'done' });
    expect((await lipsync.choices(project.id)).paidMinutes).toBe(minutes);
    const full = (await store.createLipsync({ ...input, free: false }, 2))!;
    await store.updateLipsync(full.id, { state: 'done' });
    expect((await lipsync.choices(project.id)).paidMinutes).toBe(0);
  });
});
