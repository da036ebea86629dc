// The tracker with list sweeps: one sweep records what it saw of every followed project, reads a project on its
// own only for what the list cannot say (an ended project's outputs), leaves projects not due as they were, and
// polls the projects due one by one when that costs no more than a sweep.
import { DubbingClient, type Project, type ProjectListItem } from '@dubkit/core';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDubbingService } from '../dubbing/client-service.ts';
import type { DubbingService } from '../dubbing/service.ts';
import type { Store } from '../store/store.ts';
import { drawerFor } from '../test-support/drawer.ts';
import { boundTarget, noCommands } from '../test-support/jobs.ts';
import { type TempStore, tempStore } from '../test-support/store.ts';
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

function trackerOver(service: DubbingService): Tracker {
  const drawer = drawerFor(store, service);
  const starter = new JobStarter({
    drawer,
    store,
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
    store,
    dubbing: service,
    starter,
    polling: { minMs: 1_000, maxMs: 60_000 },
    logger,
    owner: 'test',
    onDeliveries: () => {},
    learn: false,
    sweepEveryMs: SWEEP_MS,
  });
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
});
