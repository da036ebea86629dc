// The starter against the emulator: after a crash between asking the service for a project and recording
// its id, the project is found by its job tag instead of being created (and paid for) a second time.
import { DubbingClient } from '@dubkit/core';
import { type Emulator, startEmulator } from '@dubkit/emulator';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoLength } from '../domain/video.ts';
import { createDubbingService } from '../dubbing/client-service.ts';
import { type DubbingService, MediaRejectedError, ProjectRejectedError } from '../dubbing/service.ts';
import type { Store } from '../store/store.ts';
import { drawerFor } from '../test-support/drawer.ts';
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

/** The starter as the app builds it for link jobs, on `service`; the jobs whose card it asked to redraw go to `redrawn`. */
const starterFor = (service: DubbingService, logger: Logger, redrawn: string[] = []) =>
  new JobStarter({
    drawer: drawerFor(store, service),
    store,
    dubbing: service,
    logger,
    botToken: 'xoxb-x',
    maxFileBytes: 1,
    extraSlackHosts: [],
    onDeliveries: () => {},
    mediaChanged: async (id) => {
      redrawn.push(id);
    },
    ...noCommands,
  });

describe('JobStarter', () => {
  it('adopts the project created just before a crash and creates only the missing one, and announces the start', async () => {
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

    const starter = starterFor(service, pino({ level: 'silent' }));
    await starter.run((await store.getJob(job.id))!);

    const targets = await store.targetsOf(job.id);
    expect(targets.find((t) => t.dstLang === 'es')?.projectId).toBe(before.id);
    expect(targets.find((t) => t.dstLang === 'de')?.projectId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await service.findProjects(job.id)).map((p) => p.id).sort()).toEqual(
      targets.map((t) => t.projectId).sort(),
    );
    expect((await store.getJob(job.id))?.state).toBe('running');
    expect(await store.getDelivery(`started:${job.id}`)).toBeDefined();
    // Its start was recorded without its card and status messages (as when the database goes away between
    // the two): the starter announced it.
    expect((await store.getDelivery(`card:${job.id}`))?.payload).toMatchObject({ text: expect.any(String) });
    for (const target of targets) expect(await store.getDelivery(`status:${target.id}`)).toBeDefined();
  });

  it('makes a waiting card’s video ready once: after a restart mid-wait it waits for the media recorded, and Start uses it', async () => {
    const service = createDubbingService(new DubbingClient({ baseUrl: emulator.url, token: 't', env: {} }), {
      mediaPollMs: 20,
    });
    const link = 'https://vimeo.com/ready-once';
    const { job } = await store.createJob(
      {
        triggerKey: 'msg:C1:ready-once',
        channel: 'C1',
        threadTs: '1.2',
        userId: 'U1',
        source: { kind: 'link', link },
        title: 'vimeo.com/ready-once',
      },
      1,
    );
    // A run created the media and recorded it, then the process died before the media was ready.
    const mediaId = await service.createLinkMedia(link, undefined);
    await store.setJobMedia(job.id, mediaId);
    let created = 0;
    const counting: DubbingService = {
      ...service,
      createLinkMedia: (...args) => {
        created++;
        return service.createLinkMedia(...args);
      },
    };
    const redrawn: string[] = [];
    const starter = starterFor(counting, pino({ level: 'silent' }), redrawn);
    await starter.run((await store.getJob(job.id))!);
    const ready = (await store.getJob(job.id))!;
    expect(ready).toMatchObject({ state: 'picking', mediaId, mediaReady: true, mediaError: null });
    expect(ready.mediaSeconds).toBe(await service.mediaDuration(mediaId));
    // The emulator names a link's media by the link: no better than the link's own readable form.
    expect(ready.title).toBe('vimeo.com/ready-once');
    expect(redrawn).toEqual([job.id]);

    await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 5);
    await starter.run((await store.getJob(job.id))!);
    const [es] = await store.targetsOf(job.id);
    expect(es?.projectId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toBe(0);
  });

  it('starts with a video not ready yet: waits for the media recorded, then the card shows its length', async () => {
    const service = createDubbingService(new DubbingClient({ baseUrl: emulator.url, token: 't', env: {} }), {
      mediaPollMs: 20,
    });
    const link = 'https://vimeo.com/start-before-ready';
    const { job } = await store.createJob(
      {
        triggerKey: 'msg:C1:before-ready',
        channel: 'C1',
        threadTs: '1.4',
        userId: 'U1',
        source: { kind: 'link', link },
        title: 'vimeo.com/start-before-ready',
      },
      1,
    );
    const mediaId = await service.createLinkMedia(link, undefined);
    await store.setJobMedia(job.id, mediaId);
    await store.startJob(job.id, { dstLangs: ['de'], srcLang: 'en', numSpeakers: null }, 5);
    await starterFor(service, pino({ level: 'silent' })).run((await store.getJob(job.id))!);
    const started = (await store.getJob(job.id))!;
    expect(started).toMatchObject({ state: 'running', mediaId, mediaReady: true });
    const [de] = await store.targetsOf(job.id);
    expect(de?.projectId).toMatch(/^[0-9a-f-]{36}$/);
    const card = JSON.stringify((await store.getDelivery(`card:${job.id}`))?.payload);
    expect(card).toContain(`· ${videoLength(started.mediaSeconds!)} · from English`);
    expect(card).toContain('job_stop');
  });

  it('records a video the service refuses while the card waits, and the card is drawn again to say why', async () => {
    const service = createDubbingService(new DubbingClient({ baseUrl: emulator.url, token: 't', env: {} }), {
      mediaPollMs: 20,
    });
    service.createLinkMedia = async () => {
      throw new MediaRejectedError('media_process_error', 'the link could not be fetched');
    };
    const { job } = await store.createJob(
      {
        triggerKey: 'msg:C1:refused-early',
        channel: 'C1',
        threadTs: '1.3',
        userId: 'U1',
        source: { kind: 'link', link: 'https://vimeo.com/refused-early' },
        title: 'vimeo.com/refused-early',
      },
      1,
    );
    const redrawn: string[] = [];
    const starter = starterFor(service, pino({ level: 'silent' }), redrawn);
    await starter.run((await store.getJob(job.id))!);
    expect((await store.getJob(job.id))?.mediaError).toMatch(
      /^the link could not be fetched \(request id r-[0-9a-f]{8}\)$/,
    );
    expect(redrawn).toEqual([job.id]);
  });

  it.each([
    ['the upload', 'upload'],
    ['a project', 'project'],
  ])('shows %s refused with internal text in the thread without host, port, IP, path, token or stack', async (_what, where) => {
    const internal =
      'connect ECONNREFUSED cache-7.internal.example:8443 (runbook wiki.corp.local/ops?token=s3cr3t-abc) ' +
      'from 10.2.3.4 and [fd00::7]:443 in /srv/dubkit/app/dist/x.js xoxb-1-2-abc\n    at upload (/srv/dubkit/x.js:1:2)';
    const service = createDubbingService(new DubbingClient({ baseUrl: emulator.url, token: 't', env: {} }), {
      mediaPollMs: 20,
    });
    if (where === 'upload')
      service.createLinkMedia = async () => {
        throw new MediaRejectedError('failed', internal);
      };
    else
      service.createProject = async () => {
        throw new ProjectRejectedError(internal);
      };
    const { job } = await store.createJob(
      {
        triggerKey: `msg:C1:internal-${where}`,
        channel: 'C1',
        threadTs: '1.1',
        userId: 'U1',
        source: { kind: 'link', link: 'https://www.youtube.com/watch?v=internal' },
        title: 'internal',
      },
      1,
    );
    await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 2);
    const logged: string[] = [];
    const starter = starterFor(
      service,
      pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }),
    );
    await starter.run((await store.getJob(job.id))!);
    const shown = JSON.stringify((await store.deliveriesOf(job.id)).map((d) => d.payload));
    for (const leak of [
      'cache-7',
      'internal.example',
      '8443',
      'wiki.corp',
      's3cr3t',
      '10.2.3.4',
      'fd00',
      '/srv/',
      'xoxb-',
      'at upload',
    ])
      expect(shown, leak).not.toContain(leak);
    // The request id in the thread finds the whole error in the log.
    const requestId = /request id (r-[0-9a-f]{8})/.exec(shown)?.[1];
    expect(requestId).toBeDefined();
    expect(logged.find((line) => line.includes(requestId!))).toContain('cache-7.internal.example:8443');
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
