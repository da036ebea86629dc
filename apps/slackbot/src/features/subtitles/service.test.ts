// SubtitleService against the emulator over HTTP, with a real store; only Slack's file download is faked.
// .srt files dropped into a picking job's thread are kept with their report (once per event), refused after
// Start, and other messages are left alone; files that came with a video go to that message's job; at start,
// each language's subtitles become a transcription on the service whose id the language keeps, and a project
// made from it carries the dropped texts.
import type { DubbingClient } from '@dubkit/core';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SharedFile, SlackMessage } from '../../domain/requests.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Job, Store } from '../../store/store.ts';
import { newJob } from '../../test-support/jobs.ts';
import { useServices } from '../../test-support/services.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import { SubtitleService } from './service.ts';

const services = useServices({ speed: 200 });
let client: DubbingClient;
let service: DubbingService;
let store: Store;
let subtitles: SubtitleService;
/** What Slack would serve for each file URL; a URL not here fails like a download Slack refused. */
let files: Map<string, Uint8Array>;
let downloads: string[];
let wakes: number;

beforeEach(async () => {
  ({ client, service, store } = services);
  files = new Map();
  downloads = [];
  wakes = 0;
  subtitles = new SubtitleService({
    store,
    dubbing: service,
    async downloadFile(url) {
      downloads.push(url);
      const bytes = files.get(url);
      if (!bytes) throw new Error('Slack answered 404 for the file');
      return bytes;
    },
    wakeDeliverer: () => wakes++,
    logger: pino({ level: 'silent' }),
    now: () => 7_000,
  });
});

const srt = (cues: [string, string, string][]) =>
  cues.map(([start, end, text], i) => `${i + 1}\n${start} --> ${end}\n${text}\n`).join('\n');
const SOURCE = srt([
  ['00:00:00,000', '00:00:00,600', 'Hello from the file'],
  ['00:00:00,700', '00:00:01,300', 'Second line'],
]);
const SPANISH = srt([
  ['00:00:00,000', '00:00:00,600', 'Hola desde el archivo'],
  ['00:00:00,700', '00:00:01,300', 'Segunda línea'],
]);
const BROKEN = '1\n00:00:01,000 --> 00:00:02,000\nGood\n\n2\n00:00:05,000 -> nonsense\nBad\n';

/** A file Slack serves with this content. */
function slackFile(name: string, content: string): SharedFile {
  const url = `https://files.slack.test/${name}`;
  files.set(url, new TextEncoder().encode(content));
  return { id: `F-${name}`, name, url_private_download: url };
}

/** A message in the thread of the default job (C1, 1.0). */
const inThread = (ts: string, shared: SharedFile[]): SlackMessage => ({
  channel: 'C1',
  ts,
  thread_ts: '1.0',
  user: 'U2',
  text: '',
  files: shared,
});

const payloadOf = async (key: string) => (await store.getDelivery(key))?.payload as MessageContent;

describe('SubtitleService.fromThread', () => {
  it('keeps the .srt files dropped into a picking job’s thread, once per event, with a report', async () => {
    const { job } = await store.createJob(newJob(), 1);
    const message = inThread('2.0', [slackFile('talk.srt', SOURCE), slackFile('talk.es.srt', SPANISH)]);
    expect(await subtitles.fromThread('Ev1', message)).toEqual({ kind: 'taken' });
    expect(await subtitles.fromThread('Ev1', message)).toEqual({ kind: 'taken' });
    expect(downloads).toHaveLength(2);

    expect(await store.subtitlesOf(job.id)).toEqual([
      { name: 'talk.srt', side: 'src', lang: null, text: SOURCE },
      { name: 'talk.es.srt', side: 'dst', lang: 'es', text: SPANISH },
    ]);
    const deliveries = await store.deliveriesOf(job.id);
    expect(deliveries.map((d) => [d.key, d.kind, d.inThread])).toEqual([
      [`subtitles:${job.id}:2.0`, 'reply', true],
    ]);
    const report = deliveries[0]!.payload as MessageContent;
    expect(report.text).toBe('2 subtitle files taken');
    expect(JSON.stringify(report.blocks)).toContain('Subtitles from <@U2> will be used when the dub starts');
    expect(JSON.stringify(report.blocks)).toContain('*talk.es.srt* — translation into Spanish, 2 cues');
    expect(wakes).toBe(1);
  });

  it('reports a broken file by line and a translation that does not line up, keeping neither', async () => {
    const { job } = await store.createJob(newJob(), 1);
    const uneven = srt([['00:00:00,000', '00:00:00,600', 'Uno']]);
    await subtitles.fromThread('Ev1', inThread('2.0', [slackFile('talk.srt', SOURCE)]));
    await subtitles.fromThread(
      'Ev2',
      inThread('3.0', [slackFile('talk.de.srt', BROKEN), slackFile('talk.fr.srt', uneven)]),
    );
    const report = await payloadOf(`subtitles:${job.id}:3.0`);
    expect(report.text).toBe('1 subtitle file not taken');
    const text = JSON.stringify(report.blocks);
    expect(text).toMatch(/\*talk\.de\.srt\* was not taken:\\nline 6: /);
    expect(text).toContain('The source and the French translation do not line up');
    // The broken one is not kept; the uneven one is, and the report says it would be dubbed without it.
    expect((await store.subtitlesOf(job.id)).map((s) => s.name)).toEqual(['talk.srt', 'talk.fr.srt']);
  });

  it('refuses subtitles once the job has started, keeping nothing', async () => {
    const { job } = await store.createJob(newJob(), 1);
    await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 2);
    expect(await subtitles.fromThread('Ev1', inThread('2.0', [slackFile('talk.srt', SOURCE)]))).toEqual({
      kind: 'refused',
      problem: 'Subtitles can only be added before the dub starts; this one has started already.',
    });
    // Once per event: the same event again is not refused a second time.
    expect(await subtitles.fromThread('Ev1', inThread('2.0', [slackFile('talk.srt', SOURCE)]))).toEqual({
      kind: 'taken',
    });
    expect(await store.subtitlesOf(job.id)).toEqual([]);
    expect(await store.deliveriesOf(job.id)).toEqual([]);
    expect(downloads).toEqual([]);
  });

  it('ignores messages that are not only .srt files in a job’s thread', async () => {
    const { job } = await store.createJob(newJob(), 1);
    const video: SharedFile = {
      id: 'FV',
      name: 'talk.mp4',
      url_private_download: 'https://files.slack.test/v',
    };
    const none = { kind: 'none' };
    expect(await subtitles.fromThread('Ev1', inThread('2.0', [video, slackFile('a.srt', SOURCE)]))).toEqual(
      none,
    );
    expect(await subtitles.fromThread('Ev2', inThread('3.0', [slackFile('notes.txt', SOURCE)]))).toEqual(
      none,
    );
    expect(await subtitles.fromThread('Ev3', inThread('4.0', []))).toEqual(none);
    const top = { ...inThread('5.0', [slackFile('b.srt', SOURCE)]), thread_ts: undefined };
    expect(await subtitles.fromThread('Ev4', top)).toEqual(none);
    const otherThread = { ...inThread('6.0', [slackFile('c.srt', SOURCE)]), thread_ts: '99.0' };
    expect(await subtitles.fromThread('Ev5', otherThread)).toEqual(none);
    expect(downloads).toEqual([]);
    expect(await store.subtitlesOf(job.id)).toEqual([]);
    // None of them used up its event: a later look at Ev1 as a real drop still counts.
    expect(await store.hasEvent('srt:Ev1')).toBe(false);
  });

  it('says nothing when every download failed', async () => {
    const { job } = await store.createJob(newJob(), 1);
    const lost: SharedFile = {
      id: 'FL',
      name: 'lost.srt',
      url_private_download: 'https://files.slack.test/gone',
    };
    expect(await subtitles.fromThread('Ev1', inThread('2.0', [lost]))).toEqual({ kind: 'taken' });
    expect(await store.subtitlesOf(job.id)).toEqual([]);
    expect(await store.deliveriesOf(job.id)).toEqual([]);
  });
});

describe('SubtitleService.withVideo', () => {
  it('gives the .srt files that came with a video to that message’s job, once', async () => {
    const { job } = await store.createJob(
      newJob({ triggerKey: 'msg:C1:3.0', threadTs: '3.0', srcLang: 'en' }),
      1,
    );
    const message: SlackMessage = {
      channel: 'C1',
      ts: '3.0',
      user: 'U1',
      files: [
        { id: 'FV', name: 'talk.mp4', url_private_download: 'https://files.slack.test/talk.mp4' },
        slackFile('talk.en.srt', SOURCE),
      ],
    };
    await subtitles.withVideo('Ev9', message);
    await subtitles.withVideo('Ev9', message);
    expect(downloads).toEqual(['https://files.slack.test/talk.en.srt']);
    expect(await store.subtitlesOf(job.id)).toEqual([
      { name: 'talk.en.srt', side: 'src', lang: 'en', text: SOURCE },
    ]);
    expect(JSON.stringify((await payloadOf(`subtitles:${job.id}:3.0`)).blocks)).toContain(
      '*talk.en.srt* — source (English), 2 cues',
    );

    // A message no job was opened for: nothing.
    await subtitles.withVideo('Ev10', { ...message, ts: '4.0' });
    expect(downloads).toHaveLength(1);
  });
});

describe('SubtitleService.prepare', () => {
  /** A job from English with the dropped files, started into `langs`. */
  async function jobWithSubtitles(
    langs: string[],
    dropped: [string, string][],
    srcLang: string | null = 'en',
  ) {
    const { job } = await store.createJob(newJob({ srcLang }), 1);
    await subtitles.accept(
      job,
      dropped.map(([name, text]) => ({ name, bytes: new TextEncoder().encode(text) })),
      'U1',
      `subtitles:${job.id}:x`,
    );
    const started = (await store.startJob(job.id, { dstLangs: langs, srcLang, numSpeakers: null }, 2)) as Job;
    return { job: started, targets: await store.targetsOf(job.id) };
  }

  it('uploads each language’s subtitles as a transcription and records its id, keeping the glossary chosen', async () => {
    const { job, targets } = await jobWithSubtitles(
      ['es', 'de'],
      [
        ['talk.srt', SOURCE],
        ['talk.es.srt', SPANISH],
      ],
    );
    await store.setTargetOptions(job.id, 'de', { glossaryId: 'g-de', transcriptId: null });
    await subtitles.prepare(job, targets);

    const es = (await store.targetOptions(job.id, 'es'))!;
    const de = (await store.targetOptions(job.id, 'de'))!;
    expect(es).toEqual({ glossaryId: null, transcriptId: expect.any(String) });
    expect(de).toEqual({ glossaryId: 'g-de', transcriptId: expect.any(String) });
    expect(de.transcriptId).not.toBe(es.transcriptId);

    // Prepared again (a start resumed after a restart): the transcriptions recorded are kept.
    await subtitles.prepare(job, targets);
    expect(await store.targetOptions(job.id, 'es')).toEqual(es);

    // The service has the transcription: a project made from it carries the dropped texts.
    const { mediaId } = await service.uploadLink('https://vimeo.com/with-srt', 'with srt');
    const created = await service.createProject({
      videoId: mediaId,
      dstLang: 'es',
      name: 'with srt',
      srcLang: 'en',
      numSpeakers: null,
      transcriptId: es.transcriptId,
    });
    await client.projects.waitFor(created.id, { intervalMs: 25, maxIntervalMs: 200, timeoutMs: 30_000 });
    const segments = await service.getSegments(created.id);
    expect(segments.map((s) => [s.src?.text, s.dst?.text])).toEqual([
      ['Hello from the file', 'Hola desde el archivo'],
      ['Second line', 'Segunda línea'],
    ]);
  });

  it('takes a TTML source and an ASS translation as the script, and names the line of an EBU-TT-D that does not pair', async () => {
    const TTML = `<?xml version="1.0" encoding="UTF-8"?>
<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>
  <p begin="00:00:00.000" end="00:00:00.600">Hello from the file</p>
  <p begin="00:00:00.700" end="00:00:01.300">Second line</p>
</div></body></tt>
`;
    const ASS = `[Script Info]
ScriptType: v4.00+

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.00,0:00:00.60,Default,,0,0,0,,Hola desde el archivo
Dialogue: 0,0:00:00.70,0:00:01.30,Default,,0,0,0,,Segunda línea
`;
    const EBU = `<?xml version="1.0" encoding="UTF-8"?>
<tt:tt xmlns:tt="http://www.w3.org/ns/ttml" xmlns:ebuttm="urn:ebu:tt:metadata" xml:lang="de">
<tt:body><tt:div>
<tt:p begin="00:00:00.000" end="00:00:00.600"><tt:span>Hallo</tt:span></tt:p>
<tt:p begin="00:00:05.000" end="00:00:06.000"><tt:span>Zu spät</tt:span></tt:p>
</tt:div></tt:body></tt:tt>
`;
    const { job, targets } = await jobWithSubtitles(
      ['es', 'de'],
      [
        ['talk.ttml', TTML],
        ['talk.es.ass', ASS],
        ['talk.de.ebu-tt-d.xml', EBU],
      ],
    );
    const report = await payloadOf(`subtitles:${job.id}:x`);
    expect(JSON.stringify(report.blocks)).toContain('*talk.es.ass* — translation into Spanish, 2 cues');
    // The German file's second cue, on line 5 of that file, has no source cue at its times.
    expect(JSON.stringify(report.blocks)).toMatch(/do not line up[^"]*translation line 5: /);
    await subtitles.prepare(job, targets);
    const es = (await store.targetOptions(job.id, 'es'))!;
    expect(es.transcriptId).toEqual(expect.any(String));
    expect(await store.targetOptions(job.id, 'de')).toBeUndefined();
    const skipped = await payloadOf(`subtitles-skipped:${targets.find((t) => t.dstLang === 'de')!.id}`);
    expect(JSON.stringify(skipped.blocks)).toContain('translation line 5: ');

    const { mediaId } = await service.uploadLink('https://vimeo.com/with-ttml', 'with ttml');
    const created = await service.createProject({
      videoId: mediaId,
      dstLang: 'es',
      name: 'with ttml',
      srcLang: 'en',
      numSpeakers: null,
      transcriptId: es.transcriptId,
    });
    await client.projects.waitFor(created.id, { intervalMs: 25, maxIntervalMs: 200, timeoutMs: 30_000 });
    expect((await service.getSegments(created.id)).map((s) => [s.src?.text, s.dst?.text])).toEqual([
      ['Hello from the file', 'Hola desde el archivo'],
      ['Second line', 'Segunda línea'],
    ]);
  });

  it('goes on without a source .srt whose language is not known, saying so in the thread', async () => {
    const { job, targets } = await jobWithSubtitles(['es'], [['talk.srt', SOURCE]], null);
    await subtitles.prepare(job, targets);
    expect(await store.targetOptions(job.id, 'es')).toBeUndefined();
    const skipped = await payloadOf(`subtitles-skipped:${targets[0]!.id}`);
    expect(skipped.text).toBe(
      "The subtitles for Spanish could not be used; it is dubbed from the video's speech instead.",
    );
    expect(JSON.stringify(skipped.blocks)).toContain('the source language is not known');
  });

  it('does nothing for a job without subtitles', async () => {
    const { job, targets } = await jobWithSubtitles(['es'], []);
    await subtitles.prepare(job, targets);
    expect(await store.targetOptions(job.id, 'es')).toBeUndefined();
  });

  it('accepts nothing for a job that has started', async () => {
    const { job } = await jobWithSubtitles(['es'], []);
    const started = (await store.getJob(job.id))!;
    expect(
      await subtitles.accept(
        started,
        [{ name: 'a.srt', bytes: new TextEncoder().encode(SOURCE) }],
        'U1',
        'k',
      ),
    ).toBe(false);
    expect(await store.subtitlesOf(job.id)).toEqual([]);
    expect(await store.getDelivery('k')).toBeUndefined();
  });
});
