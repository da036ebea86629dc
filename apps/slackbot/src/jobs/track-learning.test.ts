// The tracker learning the service's rhythm against the emulator's timing model: two replicas on one
// PostgreSQL database follow projects together and pool what they learn; a restarted tracker starts from it.
import { DubbingClient } from '@dubkit/core';
import { DEFAULT_STAGE_RATES, type Emulator, startEmulator } from '@dubkit/emulator';
import { waitFor } from '@dubkit/slack-sandbox';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDubbingService } from '../dubbing/client-service.ts';
import type { DubbingService } from '../dubbing/service.ts';
import { openStore } from '../store/open.ts';
import type { Store, Stores } from '../store/store.ts';
import { drawerFor } from '../test-support/drawer.ts';
import { boundTarget, noCommands } from '../test-support/jobs.ts';
import { type TestDatabase, testDatabase } from '../test-support/postgres.ts';
import { TEST_TENANT } from '../test-support/store.ts';
import { JobStarter } from './start.ts';
import { Tracker } from './track.ts';

// A 5-minute video's dub takes about 4 minutes at speed 1: 12 s here (slow enough to see most changes one by one).
const SPEED = 20;
const POLLING = { minMs: 20, maxMs: 500 };

let emulator: Emulator;
let database: TestDatabase;
const opened: Stores[] = [];
const open = async () => {
  const stores = await openStore({ kind: 'postgres', url: database.url, poolSize: 4 });
  opened.push(stores);
  return stores.tenant(TEST_TENANT);
};
let service: DubbingService;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  emulator = await startEmulator({ tokens: ['t'], speed: SPEED, timing: { model: 'media', seed: 3 } });
  database = await testDatabase();
  service = createDubbingService(new DubbingClient({ baseUrl: emulator.url, token: 't', env: {} }), {
    mediaPollMs: 20,
  });
});
afterAll(async () => {
  await emulator.close();
  for (const store of opened) await store.close();
  await database.drop();
});

/** Projects on videos of several lengths, each a running job's language in `store`; their target ids. */
async function follow(store: Store, names: string[], on = service): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const { mediaId } = await on.uploadLink(`https://www.youtube.com/watch?v=${name}`, name);
    const project = await on.createProject({
      videoId: mediaId,
      dstLang: 'es',
      name,
      srcLang: null,
      numSpeakers: null,
    });
    const { job, target } = await boundTarget(store, project.id, {
      job: { triggerKey: `learn:${name}`, channel: `C${name}` },
    });
    await store.setJobMedia(job.id, mediaId);
    await store.setJobRunning(job.id);
    ids.push(target.id);
  }
  return ids;
}

function tracker(store: Store, owner: string, on = service, polling = POLLING): Tracker {
  const starter = new JobStarter({
    drawer: drawerFor(store, on),
    store,
    dubbing: on,
    logger,
    botToken: 'x',
    maxFileBytes: 1,
    extraSlackHosts: [],
    onDeliveries: () => {},
    ...noCommands,
  });
  return new Tracker({
    drawer: drawerFor(store, on),
    store,
    dubbing: on,
    starter,
    logger,
    owner,
    polling,
    freshMs: 150,
    onDeliveries: () => {},
  });
}

async function untilDone(store: Store, targets: string[]): Promise<void> {
  await waitFor(
    async () => (await Promise.all(targets.map((id) => store.getTarget(id)))).every((t) => t?.terminal),
    50_000,
    'the projects to finish',
  );
}

describe('the learning tracker', () => {
  it('pools what replicas learn in the store, and a restarted tracker starts from it', async () => {
    const [storeA, storeB] = [await open(), await open()];
    // Enough projects that a loaded machine, whose polls skip some statuses, still sees each stage begin and
    // end five times (the next test starts from what this one learned).
    const targets = await follow(
      storeA,
      Array.from({ length: 20 }, (_, i) => `a${i + 1}`),
    );
    const added = { a: 0, b: 0 };
    const claimed = { a: 0, b: 0 };
    for (const [owner, store] of [
      ['a', storeA],
      ['b', storeB],
    ] as const) {
      const addStageSums = store.addStageSums.bind(store);
      store.addStageSums = async (sums) => {
        await addStageSums(sums);
        added[owner] += sums.reduce((n, s) => n + s.count, 0);
      };
      const claim = store.claimDueTargets.bind(store);
      store.claimDueTargets = async (...args) => {
        const got = await claim(...args);
        claimed[owner] += got.length;
        return got;
      };
    }
    const replicas = [tracker(storeA, 'a'), tracker(storeB, 'b')];
    emulator.clearProjectReads();
    for (const replica of replicas) replica.start();
    try {
      await untilDone(storeA, targets);
    } finally {
      await Promise.all(replicas.map((replica) => replica.stop()));
    }
    // Both replicas polled; the store holds the sum of what each learned.
    expect(claimed.a).toBeGreaterThan(0);
    expect(claimed.b).toBeGreaterThan(0);
    expect(added.a + added.b).toBeGreaterThan(0);
    const pooled = (await storeA.stageSums()).reduce((n, s) => n + s.count, 0);
    expect(pooled).toBe(added.a + added.b);
    // Leases keep the replicas from polling one project at once: reads of a project are never closer than the floor.
    for (const reads of Object.values(emulator.projectReads())) {
      for (let i = 1; i < reads.length; i++)
        expect(reads[i]! - reads[i - 1]!).toBeGreaterThanOrEqual(POLLING.minMs - 5);
    }

    // A new process: one project is not enough to learn a stage from (five observations are), so a pace for it
    // can only come from what the earlier processes learned.
    const restartedStore = await open();
    const [fresh] = await follow(restartedStore, ['b1']);
    const restarted = tracker(restartedStore, 'c');
    restarted.start();
    try {
      await untilDone(restartedStore, [fresh!]);
    } finally {
      await restarted.stop();
    }
    const followed = await restartedStore.getTarget(fresh!);
    expect(followed?.status).toBe('merging_done');
    expect(followed?.paceCount).toBeGreaterThan(0);
  }, 90_000);

  it('still notices a stage that suddenly takes 5× longer than learned within the cap', async () => {
    // What the first test learned, with voiceover the longest stage; this service's voiceover is 5× slower.
    const store = await open();
    const learned = (await store.stageSums()).find((sums) => sums.status === 'voiceover_started');
    expect(learned?.count).toBeGreaterThanOrEqual(5);
    const { voiceover } = DEFAULT_STAGE_RATES;
    const slow = await startEmulator({
      tokens: ['t'],
      speed: SPEED,
      timing: {
        model: 'media',
        seed: 3,
        projectSpread: 0,
        stageSpread: 0,
        outlierRate: 0,
        stages: {
          voiceover: { fixedMs: 5 * voiceover.fixedMs, msPerVideoSecond: 5 * voiceover.msPerVideoSecond },
        },
      },
    });
    try {
      const slowService = createDubbingService(
        new DubbingClient({ baseUrl: slow.url, token: 't', env: {} }),
        {
          mediaPollMs: 20,
        },
      );
      const cap = { minMs: 20, maxMs: 500 };
      const seen: { status: string; since: number; late: number }[] = [];
      const recordPolls = store.recordPolls.bind(store);
      store.recordPolls = async (polls, owner, now) => {
        for (const { result } of polls)
          if (result.changed && result.stageSince !== undefined)
            seen.push({ status: result.status, since: result.stageSince, late: now - result.stageSince });
        return recordPolls(polls, owner, now);
      };
      const [target] = await follow(store, ['slow1'], slowService);
      const following = tracker(store, 'd', slowService, cap);
      following.start();
      try {
        await untilDone(store, [target!]);
      } finally {
        await following.stop();
      }
      const statuses = seen.map((s) => s.status);
      const voiceoverAt = statuses.indexOf('voiceover_started');
      expect(voiceoverAt).toBeGreaterThanOrEqual(0);
      // It really was a surprise: about 5× what voiceover took on the service the tracker learned from ...
      const { projectId } = (await store.getTarget(target!))!;
      const { duration } = await slowService.getProject(projectId!);
      const usualMs = (voiceover.fixedMs + voiceover.msPerVideoSecond * duration!) / SPEED;
      const tookMs = seen[voiceoverAt + 1]!.since - seen[voiceoverAt]!.since;
      expect(tookMs).toBeGreaterThan(4 * usualMs);
      // ... and every change, the one after it included, was seen within the cap (and a round's own time).
      for (const change of seen.slice(1)) expect(change.late).toBeLessThanOrEqual(cap.maxMs + 250);
    } finally {
      await slow.close();
    }
  }, 90_000);
});
