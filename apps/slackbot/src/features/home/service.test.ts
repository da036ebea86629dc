// HomeService with a real store and the emulator over HTTP: a person's App Home lists their recent jobs with
// each language's state, the account's credits as the service reports them (or says they could not be read),
// and the channel defaults they set.
import type { DubbingClient } from '@dubkit/core';
import type { Emulator } from '@dubkit/emulator';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageLabel } from '../../domain/languages.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Store, Target } from '../../store/store.ts';
import { newJob, startedJob } from '../../test-support/jobs.ts';
import { useServices } from '../../test-support/services.ts';
import { HomeService } from './service.ts';

const services = useServices({ speed: 200 });
let emulator: Emulator;
let client: DubbingClient;
let service: DubbingService;
let store: Store;
let home: HomeService;

beforeEach(async () => {
  ({ emulator, client, service, store } = services);
  home = new HomeService({ store, service, logger: pino({ level: 'silent' }) });
});

async function record(target: Target, status: string) {
  const { terminal } = service.describeStatus(status);
  await store.recordPoll(
    target.id,
    { status, changed: true, terminal, nextPollAt: Number.MAX_SAFE_INTEGER, intervalMs: 0 },
    4,
    [],
  );
}

/** The mrkdwn of every section, in order. */
const sections = (view: { blocks: unknown[] }) =>
  (view.blocks as { type: string; text?: { text: string } }[])
    .filter((b) => b.type === 'section')
    .map((b) => b.text!.text);

describe('HomeService.view', () => {
  it('lists a person’s recent jobs with the state of each language, and the account’s credits', async () => {
    // A real project on the account: its status is what one language shows, its minutes are used.
    const { mediaId } = await service.uploadLink('https://vimeo.com/home-talk', 'home talk');
    const created = await service.createProject({
      videoId: mediaId,
      dstLang: 'es',
      name: 'home talk',
      srcLang: 'en',
      numSpeakers: null,
    });
    const project = await client.projects.waitFor(created.id, {
      intervalMs: 25,
      maxIntervalMs: 200,
      timeoutMs: 30_000,
    });

    const { job: running, targets } = await startedJob(store, {
      job: { triggerKey: 'msg:C1:1.0', title: 'Keynote', channel: 'C1' },
      langs: ['es', 'de', 'fr'],
    });
    await store.setTargetProject(targets[0]!.id, project.id, 3);
    await record(targets[0]!, project.status!);
    await record(targets[1]!, 'translation_failed');
    await store.createJob(newJob({ triggerKey: 'msg:C2:2.0', channel: 'C2', title: 'Picking one' }), 5);
    const { job: cancelled } = await store.createJob(
      newJob({ triggerKey: 'msg:C3:3.0', channel: 'C3', title: 'Cancelled one' }),
      6,
    );
    await store.cancelJob(cancelled.id);
    await store.createJob(newJob({ triggerKey: 'msg:C4:4.0', userId: 'U9', title: 'Not mine' }), 7);
    expect(running.userId).toBe('U1');

    const view = await home.view('U1');
    expect(view.type).toBe('home');
    const text = sections(view);
    const jobs = text.filter((t) => / in <#C\d>\n/.test(t));
    // Newest first; a cancelled job and another person's job are not listed.
    expect(jobs).toEqual([
      '*Picking one* in <#C2>\n_waiting for languages to be picked_',
      `*Keynote* in <#C1>\n✅ ${languageLabel('es')}: Done · ❌ ${languageLabel('de')}: Translation failed · ⏳ ${languageLabel('fr')}: Starting`,
    ]);

    const credits = await client.credits.get();
    expect(credits.minutes.used).toBeGreaterThan(0);
    const minutes = text.find((t) => t.startsWith('*Minutes*'));
    expect(minutes).toContain(
      `${credits.minutes.used.toLocaleString('en-US')} of ${credits.minutes.total.toLocaleString('en-US')} minutes used`,
    );
    expect(text).toContain('None yet: `/dub settings` in a channel sets its languages and glossary.');
  });

  it('shows the channel defaults the person set, naming their glossaries', async () => {
    const glossary = await service.createGlossary({
      name: 'Brand terms',
      src_lang: 'en',
      dst_lang: 'es',
      entries: { machine: 'MÁQUINA' },
    });
    await store.saveGlossary({
      id: glossary.id,
      name: glossary.name,
      srcLang: 'en',
      dstLang: 'es',
      version: glossary.version,
      channel: 'C1',
      createdBy: 'U1',
      updatedAt: 1,
    });
    await store.saveChannelSettings({
      channel: 'C1',
      dstLangs: ['es', 'de'],
      glossaryIds: [glossary.id, 'forgotten'],
      updatedBy: 'U1',
      updatedAt: 2,
    });
    await store.saveChannelSettings({
      channel: 'C2',
      dstLangs: ['fr'],
      glossaryIds: [],
      updatedBy: 'U2',
      updatedAt: 2,
    });
    const text = sections(await home.view('U1'));
    expect(text).toContain(`<#C1>: ${languageLabel('es')}, ${languageLabel('de')} · glossaries: Brand terms`);
    expect(text.some((t) => t.startsWith('<#C2>'))).toBe(false);
    expect(text).toContain(
      'No dubs yet. Drop a video link or file in a channel I am in, or use `/dub <link>`.',
    );
  });

  it('still shows the jobs when the credits cannot be read', async () => {
    await startedJob(store, { job: { title: 'Keynote' } });
    emulator.faults.set({ errorNext: 5, paths: ['/v2/credits'] });
    const text = sections(await home.view('U1'));
    expect(text).toContain('The credits could not be read from the dubbing service just now.');
    expect(text.some((t) => t.startsWith('*Minutes*'))).toBe(false);
    expect(text.some((t) => t.startsWith('*Keynote* in <#C1>\n⏳'))).toBe(true);
  });
});
