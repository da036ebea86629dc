// The starter against the emulator: after a crash between asking the service for a project and recording
// its id, the project is found by its job tag instead of being created (and paid for) a second time.
import { DubbingClient } from '@dubkit/core';
import { type Emulator, startEmulator } from '@dubkit/emulator';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDubbingService } from '../dubbing/client-service.ts';
import type { Store } from '../store/store.ts';
import { noCommands } from '../test-support/jobs.ts';
import { type TempStore, tempStore } from '../test-support/store.ts';
import { JobStarter, jobTag, withoutJobTag } from './start.ts';

let emulator: Emulator;
let temp: TempStore;
let store: Store;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, tokens: ['t'], speed: 50 });
  temp = await tempStore();
  store = temp.store;
});
afterAll(async () => {
  await emulator.close();
  await temp.cleanup();
});

describe('JobStarter', () => {
  it('adopts the project created just before a crash and creates only the missing one', async () => {
    const service = createDubbingService(new DubbingClient({ baseUrl: emulator.url, token: 't', env: {} }), {
      mediaPollMs: 20,
    });
    const { job } = await store.createJob(
      {
        triggerKey: 'msg:C1:1.1',
        channel: 'C1',
        threadTs: '1.1',
        userId: 'U1',
        source: { kind: 'link', link: 'https://www.youtube.com/watch?v=crash' },
        title: 'crash',
      },
      1,
    );
    const started = (await store.startJob(
      job.id,
      { dstLangs: ['es', 'de'], srcLang: null, numSpeakers: null },
      2,
    ))!;
    const { mediaId } = await service.uploadLink('https://www.youtube.com/watch?v=crash', 'crash');
    await store.setJobMedia(started.id, mediaId);
    const [es] = await store.targetsOf(job.id);
    // The process recorded its intent, the service created the project, and the process died.
    await store.markCreateIntent(es!.id, 3);
    const before = await service.createProject({
      videoId: mediaId,
      dstLang: 'es',
      name: `crash [${jobTag(started, es!)}]`,
      srcLang: null,
      numSpeakers: null,
    });

    const starter = new JobStarter({
      store,
      service,
      logger: pino({ level: 'silent' }),
      botToken: 'xoxb-x',
      maxFileBytes: 1,
      extraSlackHosts: [],
      onDeliveries: () => {},
      ...noCommands,
    });
    await starter.run((await store.getJob(job.id))!);

    const targets = await store.targetsOf(job.id);
    expect(targets.find((t) => t.dstLang === 'es')?.projectId).toBe(before.id);
    expect(targets.find((t) => t.dstLang === 'de')?.projectId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await service.findProjects(job.id)).map((p) => p.id).sort()).toEqual(
      targets.map((t) => t.projectId).sort(),
    );
    expect((await store.getJob(job.id))?.state).toBe('running');
    expect(await store.getDelivery(`started:${job.id}`)).toBeDefined();
  });
});

describe('withoutJobTag', () => {
  it('takes the app’s job tag off a project’s name, and leaves any other name as it is', () => {
    expect(withoutJobTag('onboarding-step3.mp4 [dk-dbf3dc9a0d02adf7-es-1]')).toBe('onboarding-step3.mp4');
    expect(withoutJobTag('Keynote [dk-0a1b-pt-br-12]')).toBe('Keynote');
    expect(withoutJobTag('Keynote [draft]')).toBe('Keynote [draft]');
    expect(withoutJobTag('[dk-x-es-1] in front')).toBe('[dk-x-es-1] in front');
  });
});
