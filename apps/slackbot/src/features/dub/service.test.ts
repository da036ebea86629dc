// JobService with a real store, the channel's picker from a real SettingsService (glossaries made on the
// emulator over HTTP) and a real project failing on the emulator: a job is opened once per trigger with its
// card owed, a dropped message's problem is answered once per message, a start records the glossaries picked
// on the card (and "none" where none was picked), a cancel ends a picking job, and a retry restarts only a
// failed language.
import type { DubbingClient } from '@dubkit/core';
import type { Emulator } from '@dubkit/emulator';
import { FakeSlack, waitFor } from '@dubkit/slack-sandbox';
import { WebClient } from '@slack/web-api';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DroppedMessage } from '../../domain/drops.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import { webInteractions } from '../../slack/interactions.ts';
import type { GlossaryRecord, Store, Target } from '../../store/store.ts';
import { drawerFor } from '../../test-support/drawer.ts';
import { assignmentRecord, boundTarget, newJob } from '../../test-support/jobs.ts';
import { useServices } from '../../test-support/services.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import { GlossaryService } from '../glossary/service.ts';
import { SettingsService } from '../settings/service.ts';
import { GLOSSARY_PICKER } from './glossary-picker.ts';
import { INVITE_ME, JobService, type JobServiceOptions } from './service.ts';

const services = useServices({ speed: 200 });
let emulator: Emulator;
let slack: FakeSlack;
beforeAll(async () => {
  slack = await new FakeSlack({ botToken: 'xoxb-test' }).start();
});
let client: DubbingClient;
let service: DubbingService;
let store: Store;
let glossaries: GlossaryService;
let jobs: JobService;
let options: JobServiceOptions;
let wakes: { deliverer: number; tracker: number };

afterAll(async () => {
  await slack.close();
});
beforeEach(async () => {
  ({ emulator, client, service, store } = services);
  wakes = { deliverer: 0, tracker: 0 };
  glossaries = new GlossaryService({
    store,
    dubbing: service,
    downloadFile: async () => {
      throw new Error('no downloads in these tests');
    },
    wakeDeliverer: () => {},
    wakeImports: () => {},
    logger: pino({ level: 'silent' }),
  });
  const settings = new SettingsService({ store, glossaries });
  options = {
    drawer: drawerFor(store, service),
    store,
    wakeDeliverer: () => wakes.deliverer++,
    wakeTracker: () => wakes.tracker++,
    picker: (job) => settings.pickerFor(job.channel),
    maxFileBytes: 1024 * 1024,
    slack: webInteractions(
      new WebClient('xoxb-test', { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } }),
    ),
    now: () => 50_000,
  };
  jobs = new JobService(options);
});

/** A glossary made on the service from channel C1. */
async function made(name: string, csv: string): Promise<GlossaryRecord> {
  await glossaries.importFile({
    bytes: new TextEncoder().encode(csv),
    fileName: `${name}.csv`,
    name,
    srcLang: null,
    dstLang: null,
    channel: 'C1',
    userId: 'U1',
    makeDefault: false,
  });
  const record = await store.findGlossary(name);
  if (!record) throw new Error(`${name} was not saved`);
  return record;
}

const textOf = (payload: unknown) => (payload as MessageContent).text;
const blocksOf = (payload: unknown) =>
  (payload as MessageContent).blocks as unknown as Record<string, unknown>[];

/** The languages ticked on a card's picker. */
const tickedOn = (payload: unknown) => {
  const block = blocksOf(payload).find((b) => String(b.block_id).startsWith('job_dst:')) as {
    elements: { initial_options?: { value: string }[] }[];
  };
  return (block.elements[0]!.initial_options ?? []).map((o) => o.value);
};

const dropped = (over: Partial<DroppedMessage> = {}): DroppedMessage => ({
  eventId: 'Ev1',
  channel: 'C1',
  ts: '1.0',
  user: 'U1',
  text: 'have a look <https://vimeo.com/keynote>',
  files: [],
  addressed: false,
  ...over,
});

describe('JobService.open', () => {
  it('opens a job once per trigger and owes its card, offering the channel’s languages and glossaries', async () => {
    const spanish = await made('Spanish terms', 'en,es\nmachine,MÁQUINA\n');
    await glossaries.setDefault('C1', spanish.id, 'U1');
    await store.saveChannelSettings({
      ...(await store.channelSettings('C1'))!,
      dstLangs: ['es', 'de'],
    });

    const opened = await jobs.open({ ...newJob(), postCard: true });
    expect(opened.outcome).toBe('created');
    expect(await jobs.open({ ...newJob({ title: 'again' }), postCard: true })).toEqual({
      outcome: 'duplicate',
      jobId: opened.jobId,
    });

    expect(await store.getJob(opened.jobId)).toMatchObject({
      state: 'picking',
      createdAt: 50_000,
      title: 'youtu.be/x',
    });
    const deliveries = await store.deliveriesOf(opened.jobId);
    expect(deliveries.map((d) => [d.key, d.kind, d.inThread])).toEqual([
      [`card:${opened.jobId}`, 'card', true],
    ]);
    const card = deliveries[0]!.payload;
    expect(textOf(card)).toBe('Dub youtu.be/x: pick the languages and press Start');
    const picker = blocksOf(card).find((b) => b.block_id === GLOSSARY_PICKER.block) as {
      elements: { options: { value: string }[]; initial_options?: { value: string }[] }[];
    };
    expect(picker.elements[0]!.options.map((o) => o.value)).toEqual([spanish.id]);
    expect(picker.elements[0]!.initial_options?.map((o) => o.value)).toEqual([spanish.id]);
    const chosen = JSON.stringify(blocksOf(card).find((b) => String(b.block_id).startsWith('job_dst:')));
    expect(chosen).toMatch(/"initial_options":\[\{[^\]]*"value":"es"\},\{[^\]]*"value":"de"\}\]/);
    expect(wakes).toEqual({ deliverer: 1, tracker: 0 });
  });

  it('posts a slash command’s card in the channel, and none when the shortcut’s modal picks', async () => {
    const command = await jobs.open({
      ...newJob({ triggerKey: 'cmd:C1:abc', threadTs: null }),
      postCard: true,
    });
    expect((await store.getDelivery(`card:${command.jobId}`))?.inThread).toBe(false);
    const shortcut = await jobs.open({ ...newJob({ triggerKey: 'msg:C1:2.0' }), postCard: false });
    expect(await store.deliveriesOf(shortcut.jobId)).toEqual([]);
    expect((await store.getJob(shortcut.jobId))?.state).toBe('picking');
  });

  it('starts at once with a choice: languages, the started card and a status message each', async () => {
    const opened = await jobs.open({
      ...newJob(),
      choice: { dstLangs: ['es', 'de'], srcLang: 'en', numSpeakers: 2 },
      postCard: true,
    });
    expect(await store.getJob(opened.jobId)).toMatchObject({
      state: 'starting',
      srcLang: 'en',
      numSpeakers: 2,
      startedAt: 50_000,
    });
    const targets = await store.targetsOf(opened.jobId);
    expect(targets.map((t) => [t.dstLang, t.attempt, t.projectId, t.terminal])).toEqual([
      ['es', 1, null, false],
      ['de', 1, null, false],
    ]);
    const deliveries = await store.deliveriesOf(opened.jobId);
    expect(deliveries.map((d) => [d.key, textOf(d.payload)])).toEqual([
      [`card:${opened.jobId}`, 'Dubbing youtu.be/x into Spanish, German'],
      [`status:${targets[0]!.id}`, 'Spanish: Uploading the video (0%)'],
      [`status:${targets[1]!.id}`, 'German: Uploading the video (0%)'],
    ]);
    expect(await store.targetOptions(opened.jobId, 'es')).toBeUndefined();
    // The tracker finds it due.
    expect((await store.claimJobsToStart('test', 50_000, 60_000, 10)).map((j) => j.id)).toEqual([
      opened.jobId,
    ]);
    expect(wakes).toEqual({ deliverer: 1, tracker: 1 });
  });
});

describe('JobService.openFromMessage', () => {
  it('opens one job for a message with a video link, however often Slack delivers it', async () => {
    const first = await jobs.openFromMessage(dropped());
    expect(first).toEqual({ kind: 'opened', result: { outcome: 'created', jobId: expect.any(String) } });
    const jobId = first.kind === 'opened' ? first.result.jobId : '';
    expect(await store.getJob(jobId)).toMatchObject({
      triggerKey: 'msg:C1:1.0',
      threadTs: '1.0',
      title: 'vimeo.com/keynote',
      source: { kind: 'link', link: 'https://vimeo.com/keynote' },
    });
    expect(await store.hasEvent('Ev1')).toBe(true);
    // The same event again, then the same message through another event (the mention and the message).
    expect(await jobs.openFromMessage(dropped())).toEqual({ kind: 'ignored' });
    expect(await jobs.openFromMessage(dropped({ eventId: 'Ev2' }))).toEqual({
      kind: 'opened',
      result: { outcome: 'duplicate', jobId },
    });
    expect(await store.recentJobs('U1', 10)).toHaveLength(1);
    expect(await store.deliveriesOf(jobId)).toHaveLength(1);
  });

  it('answers in a thread the message was in', async () => {
    const opened = await jobs.openFromMessage(dropped({ ts: '2.0', threadTs: '1.5' }));
    const jobId = opened.kind === 'opened' ? opened.result.jobId : '';
    expect(await store.getJob(jobId)).toMatchObject({ triggerKey: 'msg:C1:2.0', threadTs: '1.5' });
  });

  it('tells the author of a message without a video once, and ignores one not addressed to the app', async () => {
    const asked = dropped({ text: '<@UBOT> dub this please', addressed: true });
    expect(await jobs.openFromMessage(asked)).toEqual({
      kind: 'problem',
      problem: 'I did not find a video link or a video file in that message.',
    });
    expect(await jobs.openFromMessage(asked)).toEqual({ kind: 'ignored' });
    expect(await jobs.openFromMessage({ ...asked, eventId: 'Ev2' })).toEqual({ kind: 'ignored' });

    const chatter = dropped({ eventId: 'Ev3', ts: '3.0', text: 'good morning' });
    expect(await jobs.openFromMessage(chatter)).toEqual({ kind: 'ignored' });
    expect(await store.hasEvent('Ev3')).toBe(true);

    const big = dropped({
      eventId: 'Ev4',
      ts: '4.0',
      text: '',
      files: [
        { id: 'F1', name: 'huge.mp4', mimetype: 'video/mp4', size: 5_000_000, url_private_download: 'x' },
      ],
    });
    expect(await jobs.openFromMessage(big)).toEqual({ kind: 'ignored' });
    expect(await jobs.openFromMessage({ ...big, eventId: 'Ev5', ts: '5.0', addressed: true })).toEqual({
      kind: 'problem',
      problem: 'huge.mp4 is 4.8 MB; the limit is 1.0 MB.',
    });
    expect(await store.recentJobs('U1', 10)).toEqual([]);
  });

  it('ticks exactly the languages a mention names, with the source it names, and asks about unclear ones once', async () => {
    await store.saveChannelSettings({
      channel: 'C1',
      dstLangs: ['es', 'de', 'fr'],
      glossaryIds: [],
      updatedBy: 'U1',
      updatedAt: 1,
    });
    const asked = dropped({
      text: '<@UBOT> <https://vimeo.com/keynote> it is from English, could you dub this in Japanese and Brazilian Portuguese?',
      addressed: true,
    });
    const opened = await jobs.openFromMessage(asked);
    expect(opened).toEqual({ kind: 'opened', result: { outcome: 'created', jobId: expect.any(String) } });
    const jobId = opened.kind === 'opened' ? opened.result.jobId : '';
    expect(await store.getJob(jobId)).toMatchObject({ state: 'picking', srcLang: 'en' });
    expect(tickedOn((await store.getDelivery(`card:${jobId}`))!.payload)).toEqual(['ja', 'pt-br']);

    const plain = await jobs.openFromMessage(dropped({ eventId: 'Ev2', ts: '2.0' }));
    const plainId = plain.kind === 'opened' ? plain.result.jobId : '';
    expect(tickedOn((await store.getDelivery(`card:${plainId}`))!.payload)).toEqual(['es', 'de', 'fr']);

    const unclear = dropped({
      eventId: 'Ev3',
      ts: '3.0',
      text: '<https://vimeo.com/k> in Cantonese and Korean',
    });
    expect(await jobs.openFromMessage(unclear)).toMatchObject({
      kind: 'opened',
      question: 'Cantonese is not among the languages I dub into.',
    });
    const unclearId = (await store.jobByTrigger('msg:C1:3.0'))!.id;
    expect(tickedOn((await store.getDelivery(`card:${unclearId}`))!.payload)).toEqual(['ko']);
    // The same message through its other event: no second question.
    expect(await jobs.openFromMessage({ ...unclear, eventId: 'Ev4' })).toEqual({
      kind: 'opened',
      result: { outcome: 'duplicate', jobId: unclearId },
    });
  });

  it('says nothing about a file or a link shared among people, and tells someone who asked the app', async () => {
    const csv = {
      id: 'F2',
      name: 'more-terms.csv',
      mimetype: 'text/csv',
      size: 200,
      url_private_download: 'x',
    };
    const sheet = dropped({ eventId: 'Ev6', ts: '6.0', text: 'new terms', files: [csv] });
    expect(await jobs.openFromMessage(sheet)).toEqual({ kind: 'ignored' });
    const search = dropped({
      eventId: 'Ev7',
      ts: '7.0',
      text: 'see <https://www.google.com/search?q=x>',
      files: [csv],
    });
    expect(await jobs.openFromMessage(search)).toEqual({ kind: 'ignored' });
    expect(await jobs.openFromMessage({ ...sheet, eventId: 'Ev8', ts: '8.0', addressed: true })).toEqual({
      kind: 'problem',
      problem: 'more-terms.csv is not a video or audio file (text/csv).',
    });
    expect(await store.recentJobs('U1', 10)).toEqual([]);
  });

  it('records the shortcut’s job for its modal while it waits for languages, and refuses once started', async () => {
    const message = dropped({ eventId: 'unused' });
    const first = await jobs.openForModal(message);
    expect(first.ok && first.value).toMatchObject({ state: 'picking', triggerKey: 'msg:C1:1.0' });
    const jobId = first.ok ? first.value.id : '';
    expect(await store.deliveriesOf(jobId)).toEqual([]);
    expect(await jobs.openForModal(message)).toMatchObject({ ok: true, value: { id: jobId } });
    await jobs.start(jobId, { dstLangs: ['es'], srcLang: null, numSpeakers: null });
    expect(await jobs.openForModal(message)).toEqual({
      ok: false,
      problem: 'That video is already being dubbed: see its thread.',
    });
    expect(await jobs.openForModal(dropped({ text: 'nothing here', ts: '9.0' }))).toEqual({
      ok: false,
      usage: 'That message has no video.',
    });
  });
});

describe('JobService.start', () => {
  it('records the glossaries picked on the card per language, "none" where none fits, once', async () => {
    const spanish = await made('Spanish terms', 'en,es\nmachine,MÁQUINA\n');
    const fromFrench = await made('French to German', 'fr,de\nmachine,MASCHINE\n');
    const germanDefault = await made('German terms', 'en,de\nmachine,MASCHINE\n');
    await glossaries.setDefault('C1', germanDefault.id, 'U1');
    const { jobId } = await jobs.open({ ...newJob(), postCard: true });

    const choice = { dstLangs: ['es', 'de'], srcLang: 'en', numSpeakers: null };
    expect(await jobs.start(jobId, choice, [spanish.id, fromFrench.id])).toBe(true);
    expect(await store.targetOptions(jobId, 'es')).toEqual({ glossaryId: spanish.id, transcriptId: null });
    // The French glossary does not fit a job from English: German goes without, even past the channel default.
    expect(await store.targetOptions(jobId, 'de')).toEqual({ glossaryId: null, transcriptId: null });
    const job = (await store.getJob(jobId))!;
    await glossaries.applyDefaults(job, await store.targetsOf(jobId));
    expect(await store.targetOptions(jobId, 'de')).toEqual({ glossaryId: null, transcriptId: null });

    expect(job).toMatchObject({ state: 'starting', srcLang: 'en' });
    expect((await store.targetsOf(jobId)).map((t) => t.dstLang)).toEqual(['es', 'de']);
    expect(textOf((await store.getDelivery(`card:${jobId}`))!.payload)).toBe(
      'Dubbing youtu.be/x into Spanish, German',
    );

    // A second press changes nothing.
    expect(await jobs.start(jobId, { ...choice, dstLangs: ['fr'] }, [])).toBe(false);
    expect(await store.targetOptions(jobId, 'es')).toEqual({ glossaryId: spanish.id, transcriptId: null });
    expect(await store.targetOptions(jobId, 'fr')).toBeUndefined();
    expect((await store.targetsOf(jobId)).map((t) => t.dstLang)).toEqual(['es', 'de']);
  });

  it('leaves the glossaries to the channel defaults when the card had no picker', async () => {
    const { jobId } = await jobs.open({ ...newJob(), postCard: true });
    expect(await jobs.start(jobId, { dstLangs: ['es'], srcLang: null, numSpeakers: null })).toBe(true);
    expect(await store.targetOptions(jobId, 'es')).toBeUndefined();
  });
});

describe('a workspace without a dubbing account', () => {
  it('opens no job for a dropped video, the shortcut or a waiting card’s Start, and says who connects one', async () => {
    // A card left waiting from when the deployment still had a default account.
    const { jobId } = await jobs.open({ ...newJob(), postCard: true });
    const without = new JobService({ ...options, noAccount: true });
    const words = without.noAccount();
    expect(words).toContain('no dubbing account connected yet');
    expect(words).toContain('`/dub connect`');
    expect(jobs.noAccount()).toBeUndefined();

    expect(await without.startProblem((await store.getJob(jobId))!, ['es'])).toBe(`⚠️ Not started: ${words}`);
    expect(await without.openFromMessage(dropped({ eventId: 'Ev9', ts: '9.0' }))).toEqual({
      kind: 'no-account',
      why: words,
    });
    // Told once however often Slack delivers the message.
    expect(await without.openFromMessage(dropped({ eventId: 'Ev9', ts: '9.0' }))).toEqual({
      kind: 'ignored',
    });
    expect(await without.openForModal(dropped({ eventId: 'Ev10', ts: '10.0' }))).toEqual({
      ok: false,
      problem: words,
    });
    expect(await store.recentJobs('U1', 10)).toHaveLength(1);
  });
});

describe('JobService.cancel', () => {
  it('cancels a job waiting for its languages, once, and it cannot be started after', async () => {
    const { jobId } = await jobs.open({ ...newJob(), postCard: true });
    // U2 pressed Cancel on U1's job: the card names U2.
    expect(await jobs.cancel(jobId, 'U2')).toBe(true);
    expect((await store.getJob(jobId))?.state).toBe('cancelled');
    const card = (await store.getDelivery(`card:${jobId}`))!;
    expect(textOf(card.payload)).toBe('Dubbing of youtu.be/x cancelled');
    expect(JSON.stringify(blocksOf(card.payload))).toContain('Cancelled by <@U2>.');
    expect(await store.deliveriesOf(jobId)).toHaveLength(1);

    expect(await jobs.cancel(jobId, 'U1')).toBe(false);
    expect(await jobs.start(jobId, { dstLangs: ['es'], srcLang: null, numSpeakers: null })).toBe(false);
    expect(await store.targetsOf(jobId)).toEqual([]);
    expect(await jobs.cancel('no-such-job', 'U1')).toBe(false);
  });

  it('does not cancel a job that started', async () => {
    const { jobId } = await jobs.open({
      ...newJob(),
      choice: { dstLangs: ['es'], srcLang: null, numSpeakers: null },
      postCard: true,
    });
    expect(await jobs.cancel(jobId, 'U1')).toBe(false);
    expect((await store.getJob(jobId))?.state).toBe('starting');
  });
});

describe('JobService.retry', () => {
  async function record(target: Target, status: string) {
    const { terminal } = service.describeStatus(status);
    await store.recordPoll(
      target.id,
      { status, changed: true, terminal, nextPollAt: Number.MAX_SAFE_INTEGER, intervalMs: 0 },
      4,
      [],
    );
  }

  it('starts a new attempt for a language whose project failed on the service, once', async () => {
    emulator.faults.set({ failStage: 'translation' });
    const { mediaId } = await service.uploadLink('https://vimeo.com/fails-translation', 'fails');
    const created = await service.createProject({
      videoId: mediaId,
      dstLang: 'es',
      name: 'fails',
      srcLang: 'en',
      numSpeakers: null,
    });
    let status: string | null | undefined = null;
    for await (const seen of client.projects.watch(created.id, {
      intervalMs: 25,
      maxIntervalMs: 200,
      timeoutMs: 30_000,
    }))
      status = seen.status;
    expect(status).toBe('translation_failed');

    const { job, target } = await boundTarget(store, created.id);
    await store.setJobMedia(job.id, mediaId);
    await store.setJobRunning(job.id);
    await record(target, status!);

    expect(await jobs.retry(target.id)).toBe(true);
    expect(await store.getTarget(target.id)).toMatchObject({
      attempt: 2,
      projectId: null,
      status: null,
      terminal: false,
      startedAt: 50_000,
    });
    expect((await store.getJob(job.id))?.state).toBe('starting');
    expect((await store.claimJobsToStart('test', 50_000, 60_000, 10)).map((j) => j.id)).toEqual([job.id]);
    expect(textOf((await store.getDelivery(`status:${target.id}`))!.payload)).toBe(
      'Spanish: Creating the project (0%)',
    );
    expect(wakes).toEqual({ deliverer: 1, tracker: 1 });

    // A second click: the language is not failed any more.
    expect(await jobs.retry(target.id)).toBe(false);
    expect((await store.getTarget(target.id))?.attempt).toBe(2);
    expect(wakes).toEqual({ deliverer: 1, tracker: 1 });
  });

  it('does not retry a language that is dubbed, still running, or unknown', async () => {
    const { target: done } = await boundTarget(store, 'p-done', { job: { triggerKey: 'msg:C1:5.0' } });
    await record(done, 'merging_done');
    const { target: running } = await boundTarget(store, 'p-running', { job: { triggerKey: 'msg:C1:6.0' } });
    await record(running, 'translation_started');
    expect(await jobs.retry(done.id)).toBe(false);
    expect(await jobs.retry(running.id)).toBe(false);
    expect(await jobs.retry('no-such-target')).toBe(false);
    expect(await store.getTarget(done.id)).toMatchObject({
      attempt: 1,
      status: 'merging_done',
      projectId: 'p-done',
    });
    expect(await store.getTarget(running.id)).toMatchObject({ attempt: 1, projectId: 'p-running' });
    expect(wakes).toEqual({ deliverer: 0, tracker: 0 });
  });
});

describe('JobService.stop', () => {
  it('stops a running language and redraws its status from the store: who is assigned stays on it', async () => {
    const { job, target } = await boundTarget(store, 'p-stop', { job: { triggerKey: 'msg:C1:9.0' } });
    await store.setJobRunning(job.id);
    await store.recordAssignment(
      assignmentRecord({ targetId: target.id, jobId: job.id, assignee: 'U0BEN', assignedBy: 'U0ANA' }),
      [],
      1,
    );

    expect(await jobs.stop(job.id, 'U0LUCIA')).toBe(true);
    const { payload } = (await store.getDelivery(`status:${target.id}`))!;
    expect(textOf(payload)).toBe('Spanish: stopped, assigned to <@U0BEN> by <@U0ANA>');
    expect(JSON.stringify(payload)).toContain('Stopped by <@U0LUCIA>');
    // Stopped once: a second press changes nothing.
    expect(await jobs.stop(job.id, 'U0LUCIA')).toBe(false);
  });
});

describe('recorded /dub commands', () => {
  const command = (channel: string, dstLangs: string[]) => ({
    ...newJob({ triggerKey: `cmd:${channel}`, channel, threadTs: null }),
    request: { dstLangs, responseUrl: slack.responseUrl(channel, 'U1') },
  });

  it('are recorded as requested, once per trigger, and wake the starter', async () => {
    const first = await jobs.request(command('C7', ['es']));
    const again = await jobs.request(command('C7', ['es']));
    expect(first.outcome).toBe('created');
    expect(again).toEqual({ outcome: 'duplicate', jobId: first.jobId });
    expect((await store.getJob(first.jobId))?.state).toBe('requested');
    expect(wakes.tracker).toBe(2);
  });

  it('start at once when the channel takes posts and languages were given', async () => {
    const { jobId } = await jobs.request(command('C7', ['es', 'de']));
    await jobs.admit((await store.getJob(jobId))!);
    expect((await store.getJob(jobId))?.state).toBe('starting');
    expect((await store.targetsOf(jobId)).map((t) => t.dstLang)).toEqual(['es', 'de']);
    expect((await store.deliveriesOf(jobId)).map((d) => d.key)).toEqual([
      `card:${jobId}`,
      ...(await store.targetsOf(jobId)).map((t) => `status:${t.id}`),
    ]);
  });

  it('tick the languages a command named in words on its card, in place of the channel’s', async () => {
    await store.saveChannelSettings({
      channel: 'C6',
      dstLangs: ['es', 'de'],
      glossaryIds: [],
      updatedBy: 'U1',
      updatedAt: 1,
    });
    const { jobId } = await jobs.request({
      ...command('C6', []),
      request: { dstLangs: [], preselect: ['ja', 'pt-br'], responseUrl: null },
    });
    await jobs.admit((await store.getJob(jobId))!);
    expect((await store.getJob(jobId))?.state).toBe('picking');
    expect(tickedOn((await store.getDelivery(`card:${jobId}`))!.payload)).toEqual(['ja', 'pt-br']);
  });

  it('post the card with the picker when no language was given', async () => {
    const { jobId } = await jobs.request(command('C7', []));
    await jobs.admit((await store.getJob(jobId))!);
    expect((await store.getJob(jobId))?.state).toBe('picking');
    expect((await store.deliveriesOf(jobId)).map((d) => d.key)).toEqual([`card:${jobId}`]);
  });

  it('are cancelled and answered through the response_url where the app is not a member', async () => {
    slack.outsideOf.add('C8');
    const { jobId } = await jobs.request(command('C8', ['es']));
    await jobs.admit((await store.getJob(jobId))!);
    expect((await store.getJob(jobId))?.state).toBe('cancelled');
    expect(await store.deliveriesOf(jobId)).toEqual([]);
    const answer = await waitFor(() => slack.ephemerals.find((e) => e.channel === 'C8'), 2000, 'the answer');
    expect(answer.text).toBe(INVITE_ME);
  });

  it('fail to be admitted, to be tried again, when Slack cannot say whether the app is in the channel', async () => {
    slack.faults.rateLimits.push({ method: 'conversations.info', times: 1, retryAfterSeconds: 1 });
    const { jobId } = await jobs.request(command('C9', ['es']));
    await expect(jobs.admit((await store.getJob(jobId))!)).rejects.toThrow();
    expect((await store.getJob(jobId))?.state).toBe('requested');
    await jobs.admit((await store.getJob(jobId))!);
    expect((await store.getJob(jobId))?.state).toBe('starting');
  });
});
