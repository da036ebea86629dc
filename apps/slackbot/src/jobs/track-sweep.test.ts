// The tracker with list sweeps: one sweep records what it saw of every followed project, reads a project on its
// own only for what the list cannot say (an ended project's outputs), leaves projects not due as they were, and
// polls the projects due one by one when that costs no more than a sweep. Looking and recording are a pipeline:
// a slow recording does not hold the next sweep back, a sweep's changes are recorded in one batch, and a
// language keeps its newest status, recorded once and in order.
import { DubbingClient, type Project, type ProjectListItem } from '@dubkit/core';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDubbingService } from '../dubbing/client-service.ts';
import type { DubbingService } from '../dubbing/service.ts';
import type { Store } from '../store/store.ts';
import { drawerFor } from '../test-support/drawer.ts';
import { boundTarget, noCommands } from '../test-support/jobs.ts';
import { type TempStore, tempStore } from '../test-support/store.ts';
import type { IntervalPolicy } from './intervals.ts';
import { JobStarter } from './start.ts';
import { Tracker } from './track.ts';

let temp: TempStore;
let store: Store;
beforeEach(async () => {
  temp = await tempStore();
  store = temp.store;
});
afterEach(async () => {
  await temp.cleanup();
});

const SWEEP_MS = 2_000;
const logger = pino({ level: 'silent' });

/** The app's service with its list and project reads scripted (no request leaves the test). */
function scripted(listed: () => ProjectListItem[], project: (id: string) => Project) {
  const service = createDubbingService(
    new DubbingClient({ baseUrl: 'http://127.0.0.1:9', token: 't', env: {} }),
  );
  const calls = { lists: 0, gets: [] as string[] };
  service.listProjects = async ({ offset, limit }) => {
    calls.lists++;
    const page = listed().slice(offset, offset + limit);
    return { projects: page, more: page.length === limit };
  };
  service.getProject = async (id) => {
    calls.gets.push(id);
    return project(id);
  };
  return { service, calls };
}

/**
 * The tracker over `service`; `over` swaps the store it records in, the one it draws from, the sweep's pace or
 * the polling intervals.
 */
function trackerOver(
  service: DubbingService,
  over: { recording?: Store; drawing?: Store; sweepEveryMs?: number; polling?: IntervalPolicy } = {},
): Tracker {
  const recording = over.recording ?? store;
  const drawer = drawerFor(over.drawing ?? recording, service);
  const starter = new JobStarter({
    drawer,
    store: recording,
    dubbing: service,
    logger,
    botToken: 'x',
    maxFileBytes: 1,
    extraSlackHosts: [],
    onDeliveries: () => {},
    ...noCommands,
  });
  return new Tracker({
    drawer,
    store: recording,
    dubbing: service,
    starter,
    polling: over.polling ?? { minMs: 1_000, maxMs: 60_000 },
    logger,
    owner: 'test',
    onDeliveries: () => {},
    learn: false,
    sweepEveryMs: over.sweepEveryMs ?? SWEEP_MS,
  });
}

/** The store, but what the drawer reads of a language waits until `open` is called (a slow recorder). */
function gatedStore(): { gated: Store; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const gated: Store = Object.create(store);
  gated.getTarget = async (id) => {
    await opened;
    return store.getTarget(id);
  };
  return { gated, open };
}

/** Every status recorded as a change (by either way of recording), per target, in order. */
function recordedChanges(): { recording: Store; changes: Map<string, string[]>; batches: number[] } {
  const changes = new Map<string, string[]>();
  const batches: number[] = [];
  const note = (targetId: string, status: string) =>
    changes.set(targetId, [...(changes.get(targetId) ?? []), status]);
  const recording: Store = Object.create(store);
  recording.recordPoll = async (id, result, now, deliveries) => {
    batches.push(1);
    if (result.changed) note(id, result.status);
    return store.recordPoll(id, result, now, deliveries);
  };
  recording.recordPolls = async (polls, owner, now) => {
    batches.push(polls.length);
    const recorded = await store.recordPolls(polls, owner, now);
    for (const { targetId, result } of polls)
      if (result.changed && recorded.includes(targetId)) note(targetId, result.status);
    return recorded;
  };
  return { recording, changes, batches };
}

/** Waits (at most 4 s) until `done`. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

const listItem = (id: string, status: string): ProjectListItem => ({
  id,
  name: `video [dk-${id}-es-1]`,
  status,
  status_updated_at: new Date().toISOString(),
  created_at: new Date(0).toISOString(),
});

/** A followed project in `status`, due for a look at `dueAt`. */
async function followed(projectId: string, status: string, dueAt: number) {
  const { target } = await boundTarget(store, projectId, {
    job: { triggerKey: `t:${projectId}`, channel: 'C1' },
  });
  await store.recordPoll(
    target.id,
    { status, changed: true, terminal: false, nextPollAt: dueAt, intervalMs: 5_000 },
    Date.now(),
    [],
  );
  return target.id;
}

async function oneRound(tracker: Tracker, done: () => Promise<boolean>) {
  tracker.start();
  try {
    for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    await tracker.stop();
  }
}

describe('Tracker with list sweeps', () => {
  it('records one sweep for every project it saw and reads on its own only the one that ended', async () => {
    const now = Date.now();
    const moved = await followed('p-moved', 'transcription_started', now - 1_000);
    const ended = await followed('p-ended', 'merging_started', now - 1_000);
    const waiting = await followed('p-waiting', 'translation_started', now - 1_000);
    const notDue = await followed('p-later', 'voiceover_started', now + 60_000);
    const list = [
      listItem('p-moved', 'transcription_done'),
      listItem('p-ended', 'merging_done'),
      listItem('p-waiting', 'translation_started'),
      listItem('p-later', 'voiceover_started'),
      listItem('someone-else', 'transcription_started'),
    ];
    const { service, calls } = scripted(
      () => list,
      (id) =>
        ({ ...list.find((p) => p.id === id)!, translated_video: 'https://cdn.example/v.mp4' }) as Project,
    );
    const tracker = trackerOver(service);
    await oneRound(tracker, async () => (await store.getTarget(ended))!.terminal);

    expect(calls.lists).toBe(1);
    // The list said everything but the ended project's outputs.
    expect(calls.gets).toEqual(['p-ended']);
    expect((await store.getTarget(moved))?.status).toBe('transcription_done');
    expect((await store.getTarget(ended))?.status).toBe('merging_done');
    const reply = await store.getDelivery(`dubbed:${ended}.1`);
    expect(JSON.stringify(reply?.payload)).toContain('https://cdn.example/v.mp4');
    // Seen unchanged while due: due again at the next sweep. Not due: left as it was.
    const waitingAfter = (await store.getTarget(waiting))!;
    expect(waitingAfter.nextPollAt).toBeGreaterThanOrEqual(now + SWEEP_MS);
    expect(waitingAfter.nextPollAt).toBeLessThan(now + SWEEP_MS + 5_000);
    expect((await store.getTarget(notDue))?.nextPollAt).toBe(now + 60_000);
    expect(tracker.sweepCounts).toMatchObject({ sweeps: 1, pages: 1 });
  });

  it('polls the one project due on its own when a sweep would cost as much', async () => {
    const now = Date.now();
    const due = await followed('p-due', 'transcription_started', now - 1_000);
    await followed('p-later', 'voiceover_started', now + 60_000);
    const { service, calls } = scripted(
      () => [listItem('p-due', 'transcription_done'), listItem('p-later', 'voiceover_started')],
      (id) => ({ ...listItem(id, 'transcription_done') }) as Project,
    );
    const tracker = trackerOver(service);
    await oneRound(tracker, async () => (await store.getTarget(due))?.status === 'transcription_done');

    expect(calls.lists).toBe(0);
    expect(calls.gets).toEqual(['p-due']);
    expect(tracker.sweepCounts.pollRounds).toBeGreaterThanOrEqual(1);
  });

  it('sweeps again while the last sweep’s changes are still being recorded', async () => {
    const now = Date.now();
    const a = await followed('p-a', 'transcription_started', now - 1_000);
    await followed('p-b', 'transcription_started', now - 1_000);
    let list = [listItem('p-a', 'transcription_done'), listItem('p-b', 'transcription_started')];
    const { service, calls } = scripted(
      () => list,
      (id) => ({ ...listItem(id, 'transcription_done') }) as Project,
    );
    const { gated, open } = gatedStore();
    const tracker = trackerOver(service, { drawing: gated, sweepEveryMs: 100 });
    tracker.start();
    try {
      await until(() => calls.lists >= 1);
      list = [listItem('p-a', 'transcription_done'), listItem('p-b', 'translation_started')];
      // The first sweep's change of p-a waits for its status message to be drawn; sweeps go on meanwhile.
      await until(() => calls.lists >= 3);
      expect(calls.lists).toBeGreaterThanOrEqual(3);
      expect((await store.getTarget(a))?.status).toBe('transcription_started');
      open();
      await until(async () => (await store.getTarget(a))?.status === 'transcription_done');
    } finally {
      open();
      await tracker.stop();
    }
    expect((await store.getTarget(a))?.status).toBe('transcription_done');
  });

  it('records the changes one sweep saw in one batch', async () => {
    const now = Date.now();
    const ids = ['p-1', 'p-2', 'p-3', 'p-4', 'p-5'];
    const targets = await Promise.all(ids.map((id) => followed(id, 'transcription_started', now - 1_000)));
    const { service, calls } = scripted(
      () => ids.map((id) => listItem(id, 'transcription_done')),
      (id) => ({ ...listItem(id, 'transcription_done') }) as Project,
    );
    const { recording, changes, batches } = recordedChanges();
    const tracker = trackerOver(service, { recording });
    await oneRound(tracker, async () => changes.size === ids.length);

    expect(calls.lists).toBe(1);
    expect(batches).toEqual([5]);
    for (const target of targets) expect(changes.get(target)).toEqual(['transcription_done']);
    const writes = await Promise.all(targets.map((target) => store.getDelivery(`status:${target}`)));
    expect(writes.every((write) => write?.state === 'pending')).toBe(true);
  });

  it('keeps only the newest status of a language found again before it was recorded, in order', async () => {
    const now = Date.now();
    const first = await followed('p-first', 'transcription_started', now - 1_000);
    const later = await followed('p-later', 'transcription_started', now - 1_000);
    let list = [listItem('p-first', 'transcription_done'), listItem('p-later', 'transcription_started')];
    const { service, calls } = scripted(
      () => list,
      (id) => ({ ...listItem(id, 'transcription_done') }) as Project,
    );
    const { recording, changes } = recordedChanges();
    // The first change's drawing waits; whatever the sweeps after it find queues behind it.
    const { gated, open } = gatedStore();
    // Due again soon after each change, so that sweeps go on once the first is recorded.
    const tracker = trackerOver(service, {
      recording,
      drawing: gated,
      sweepEveryMs: 100,
      polling: { minMs: 50, maxMs: 100 },
    });
    tracker.start();
    try {
      await until(() => calls.lists >= 1);
      list = [listItem('p-first', 'translation_started'), listItem('p-later', 'transcription_done')];
      const seenAt = calls.lists;
      await until(() => calls.lists >= seenAt + 2);
      list = [listItem('p-first', 'translation_done'), listItem('p-later', 'translation_started')];
      const movedAt = calls.lists;
      await until(() => calls.lists >= movedAt + 2);
      open();
      await until(
        () =>
          changes.get(first)?.at(-1) === 'translation_done' &&
          changes.get(later)?.at(-1) === 'translation_started',
      );
    } finally {
      open();
      await tracker.stop();
    }
    // p-first: each status recorded once, in the service's order; p-later: its older status, found while it
    // waited, gave way to the newer one.
    expect(changes.get(first)).toEqual(['transcription_done', 'translation_done']);
    expect(changes.get(later)).toEqual(['translation_started']);
  });
});
