// The tracker against the emulator: follows a project to the end with adaptive polling, records each change
// with its Slack writes, and backs off for the time the service asks when it answers 429.
import { DubbingClient } from '@dubkit/core';
import { type Emulator, startEmulator } from '@dubkit/emulator';
import { waitFor } from '@dubkit/slack-sandbox';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetDispatcher, RequestBudget } from '../dubbing/budget.ts';
import { createDubbingService } from '../dubbing/client-service.ts';
import type { Store } from '../store/store.ts';
import { drawerFor } from '../test-support/drawer.ts';
import { noCommands, startedJob } from '../test-support/jobs.ts';
import { type TempStore, tempStore } from '../test-support/store.ts';
import { JobStarter } from './start.ts';
import { Tracker } from './track.ts';

let emulator: Emulator;
let temp: TempStore;
let store: Store;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, tokens: ['t'], speed: 30 });
  temp = await tempStore();
  store = temp.store;
});
afterAll(async () => {
  await emulator.close();
  await temp.cleanup();
});

describe('Tracker', () => {
  it('follows a project to the end and waits out a 429 for as long as the service asks', async () => {
    const logger = pino({ level: 'silent' });
    const budget = new RequestBudget(100);
    const client = new DubbingClient({
      baseUrl: emulator.url,
      token: 't',
      env: {},
      dispatcher: budgetDispatcher(budget),
    });
    const service = createDubbingService(client, { mediaPollMs: 20 });
    const polls: { at: number; failed: boolean }[] = [];
    const getProject = service.getProject.bind(service);
    service.getProject = async (id) => {
      try {
        const project = await getProject(id);
        polls.push({ at: Date.now(), failed: false });
        return project;
      } catch (error) {
        polls.push({ at: Date.now(), failed: true });
        throw error;
      }
    };
    const { mediaId } = await service.uploadLink('https://www.youtube.com/watch?v=tracked', 'tracked');
    const project = await service.createProject({
      videoId: mediaId,
      dstLang: 'es',
      name: 'tracked',
      srcLang: null,
      numSpeakers: null,
    });
    const source = { kind: 'link' as const, link: 'https://www.youtube.com/watch?v=tracked' };
    const { job } = await store.createJob(
      { triggerKey: 't:1', channel: 'C1', threadTs: '1.1', userId: 'U1', source, title: 'tracked' },
      Date.now(),
    );
    await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, Date.now());
    await store.setJobMedia(job.id, mediaId);
    const [target] = await store.targetsOf(job.id);
    await store.setTargetProject(target!.id, project.id, Date.now());
    await store.setJobRunning(job.id);

    // Every answer is a 429 for the client's three tries of the first poll.
    emulator.faults.set({ rateLimitNext: 3, retryAfterSeconds: 1 });
    const starter = new JobStarter({
      drawer: drawerFor(store, service),
      store,
      dubbing: service,
      logger,
      botToken: 'x',
      maxFileBytes: 1,
      extraSlackHosts: [],
      onDeliveries: () => {},
      ...noCommands,
    });
    const tracker = new Tracker({
      drawer: drawerFor(store, service),
      store,
      dubbing: service,
      starter,
      polling: { minMs: 30, maxMs: 200 },
      logger,
      owner: 'test',
      onDeliveries: () => {},
    });
    tracker.start();
    try {
      await waitFor(
        async () => (await store.getTarget(target!.id))?.terminal,
        20_000,
        'the project to finish',
      );
    } finally {
      await tracker.stop();
    }
    expect((await store.getTarget(target!.id))?.status).toBe('merging_done');
    const failed = polls.findIndex((p) => p.failed);
    expect(failed).toBe(0);
    expect(polls[1]!.at - polls[0]!.at).toBeGreaterThanOrEqual(950);
    // The status message, one reply for the render with its subtitle files (no separate files write), and
    // the card drawn again without Stop once its one language ended.
    const deliveries = (await store.deliveriesOf(job.id)).map((d) => [d.key, d.kind]);
    expect(deliveries).toEqual([
      [`status:${target!.id}`, 'status'],
      [`dubbed:${target!.id}.1`, 'render'],
      [`card:${job.id}`, 'card'],
    ]);
    expect(JSON.stringify((await store.getDelivery(`card:${job.id}`))?.payload)).not.toContain('job_stop');
    const reply = await store.getDelivery(`dubbed:${target!.id}.1`);
    expect(reply?.payload).toMatchObject({ files: { lang: target!.dstLang } });
    // Far fewer polls than a fixed 30 ms interval over the same run would have made.
    const span = polls.at(-1)!.at - polls[0]!.at;
    expect(polls.length).toBeLessThan(span / 30 / 2);
  });

  it('survives the database failing again while a failed start is recorded (nothing left unhandled)', async () => {
    const { job } = await startedJob(store, { job: { triggerKey: 'msg:C1:survive' } });
    const released: string[] = [];
    // The store as during an outage: the claim went through, then every write fails.
    const away = new Proxy(store, {
      get(target, name, receiver) {
        if (name === 'releaseJob')
          return async (id: string) => {
            released.push(id);
            throw new Error('Connection terminated unexpectedly');
          };
        return Reflect.get(target, name, receiver);
      },
    });
    const starter = {
      run: async () => {
        throw new Error('Connection terminated unexpectedly');
      },
      giveUp: async () => {},
    } as unknown as JobStarter;
    const tracker = new Tracker({
      drawer: drawerFor(away, {} as never),
      store: away,
      dubbing: {} as never,
      starter,
      polling: { minMs: 50, maxMs: 100 },
      logger: pino({ level: 'silent' }),
      owner: 'o',
      onDeliveries: () => {},
    });
    tracker.start();
    await waitFor(() => released.includes(job.id), 5000, 'the failed release');
    await tracker.stop();
  });

  it('never moves a status back to an earlier stage, whatever order the answers come in', async () => {
    const logger = pino({ level: 'silent' });
    const client = new DubbingClient({ baseUrl: emulator.url, token: 't', env: {} });
    const service = createDubbingService(client, { mediaPollMs: 20 });
    // Answers out of order, as a replica behind the others or an overtaken poll would give them.
    const answers = [
      'translation_started',
      'transcription_started',
      'uploading',
      'translation_done',
      'translation_started',
      'merging_done',
    ];
    const getProject = service.getProject.bind(service);
    service.getProject = async (id) => ({
      ...(await getProject(id)),
      status: answers.shift() ?? 'merging_done',
    });
    const source = { kind: 'link' as const, link: 'https://www.youtube.com/watch?v=ordered' };
    const { job } = await store.createJob(
      { triggerKey: 't:2', channel: 'C2', threadTs: '2.1', userId: 'U1', source, title: 'ordered' },
      Date.now(),
    );
    const { mediaId } = await service.uploadLink(source.link, 'ordered');
    const project = await service.createProject({
      videoId: mediaId,
      dstLang: 'es',
      name: 'ordered',
      srcLang: null,
      numSpeakers: null,
    });
    await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, Date.now());
    await store.setJobMedia(job.id, mediaId);
    const [target] = await store.targetsOf(job.id);
    await store.setTargetProject(target!.id, project.id, Date.now());
    await store.setJobRunning(job.id);
    // Every status the tracker records as a change (what the status message then shows).
    const shown: string[] = [];
    const recording: Store = Object.create(store);
    recording.recordPolls = async (polls, owner, now) => {
      const recorded = await store.recordPolls(polls, owner, now);
      for (const { targetId, result } of polls)
        if (targetId === target!.id && result.changed && recorded.includes(targetId))
          shown.push(result.status);
      return recorded;
    };
    const starter = new JobStarter({
      drawer: drawerFor(recording, service),
      store: recording,
      dubbing: service,
      logger,
      botToken: 'x',
      maxFileBytes: 1,
      extraSlackHosts: [],
      onDeliveries: () => {},
      ...noCommands,
    });
    const tracker = new Tracker({
      drawer: drawerFor(recording, service),
      store: recording,
      dubbing: service,
      starter,
      polling: { minMs: 10, maxMs: 30 },
      logger,
      owner: 'test-order',
      onDeliveries: () => {},
    });
    tracker.start();
    try {
      await waitFor(async () => (await store.getTarget(target!.id))?.terminal, 20_000, 'the project to end');
    } finally {
      await tracker.stop();
    }
    expect(shown).toEqual(['translation_started', 'translation_done', 'merging_done']);
  });
});
