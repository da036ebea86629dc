// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): a video dropped with a
// source .srt and a translated .srt is dubbed from them (the project made with their transcript, the
// delivered subtitles carrying the dropped translation); a broken .srt dropped into a job's thread is
// reported with its lines; after Start, subtitles are refused. WebVTT files are taken as SRT ones are.
import { readFileSync } from 'node:fs';
import { DubbingClient } from '@dubkit/core';
import { byKind, keyOf, type SlackFile, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANA, WAIT_MS } from './test-support/people.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { jobIdOf } from './test-support/threads.ts';

const TEST_MS = 60_000;

const video = () => new Uint8Array(readFileSync(new URL('../fixtures/talk.mp4', import.meta.url)));
const srt = (cues: [string, string, string][]) =>
  new TextEncoder().encode(
    cues.map(([start, end, text], i) => `${i + 1}\n${start} --> ${end}\n${text}\n`).join('\n'),
  );

const SOURCE = srt([
  ['00:00:00,000', '00:00:00,600', 'Hello from the file'],
  ['00:00:00,700', '00:00:01,300', 'Second line'],
]);
const SPANISH = srt([
  ['00:00:00,000', '00:00:00,600', 'Hola desde el archivo'],
  ['00:00:00,700', '00:00:01,300', 'Segunda línea'],
]);

/** The file_share event of a message, in a thread when it has one. */
function shareEvent(stage: AppStage, message: SlackMessage) {
  return stage.driver.event({
    type: 'message',
    subtype: 'file_share',
    user: message.user,
    text: message.text,
    ts: message.ts,
    channel: message.channel,
    channel_type: 'channel',
    ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
    files: (message.files ?? []).map(({ content: _content, ...file }: SlackFile) => file),
  });
}

describe('subtitle drops, end to end', () => {
  const stage = useStage({ speed: 100 });
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  /**
   * The Spanish subtitles the app delivered (named as the dropped translation: the job is named after
   * talk.mp4), once the language's project was made with the transcript of the dropped files.
   */
  async function dubbedFromTheFiles(channel: string, threadTs: string, card: SlackMessage): Promise<string> {
    const delivered = await waitFor(
      () =>
        stage.slack
          .thread(channel, threadTs)
          .filter((m) => m.bot_id)
          .flatMap((m) => m.files ?? [])
          .find((f) => f.name === 'talk.es.srt'),
      WAIT_MS,
      'the dubbed subtitles',
    );
    const target = (await stage.app.store.targetsOf(jobIdOf(card)))[0]!;
    const project = await service.projects.get(target.projectId!);
    expect(project.transcript_id).toBeTruthy();
    expect((await stage.app.store.targetOptions(target.jobId, 'es'))?.transcriptId).toBe(
      project.transcript_id,
    );
    return new TextDecoder().decode(delivered.content);
  }

  it(
    'dubs a video dropped with its source and translated .srt from those subtitles',
    async () => {
      const channel = 'C18SRT';
      const files = [
        stage.slack.addFile({ name: 'talk.mp4', mimetype: 'video/mp4', content: video() }),
        stage.slack.addFile({ name: 'talk.srt', mimetype: 'application/x-subrip', content: SOURCE }),
        stage.slack.addFile({ name: 'talk.es.srt', mimetype: 'application/x-subrip', content: SPANISH }),
      ];
      const drop = stage.slack.postUserMessage({ channel, user: ANA, text: 'with subtitles', files });
      await shareEvent(stage, drop);
      const card = await waitFor(
        () => stage.slack.thread(channel, drop.ts).find((m) => keyOf(m).startsWith('card:')),
        WAIT_MS,
        'the card',
      );
      const report = await waitFor(
        () => byKind(stage.slack.thread(channel, drop.ts), 'subtitles')[0],
        WAIT_MS,
        'the subtitles report',
      );
      const reportText = JSON.stringify(report.blocks);
      expect(reportText).toContain('*talk.srt* — source, 2 cues');
      expect(reportText).toContain('*talk.es.srt* — translation into Spanish, 2 cues');

      await stage.driver.click({
        message: card,
        actionId: 'job_start',
        user: ANA,
        selections: { job_dst: ['es'], job_src: ['en'] },
      });
      const text = await dubbedFromTheFiles(channel, drop.ts, card);
      expect(text).toContain('Hola desde el archivo');
      expect(text).toContain('Segunda línea');
    },
    TEST_MS,
  );

  it(
    'dubs a video dropped with WebVTT subtitles from them, and reports a broken WebVTT by line',
    async () => {
      const channel = 'C27VTT';
      const vtt = (body: string) => new TextEncoder().encode(`WEBVTT\n\n${body}`);
      const files = [
        stage.slack.addFile({ name: 'talk.mp4', mimetype: 'video/mp4', content: video() }),
        stage.slack.addFile({
          name: 'talk.vtt',
          mimetype: 'text/vtt',
          content: vtt(
            '00:00.000 --> 00:00.600\n<v Ana>Hello from the file\n\n00:00.700 --> 00:01.300\nSecond line\n',
          ),
        }),
        stage.slack.addFile({
          name: 'talk.es.vtt',
          mimetype: 'text/vtt',
          content: vtt(
            'NOTE from the translator\n\n00:00.000 --> 00:00.600 line:0\n<v Ana>Hola desde el &lt;archivo&gt;\n\n' +
              '00:00.700 --> 00:01.300\n<i>Segunda</i> línea\n',
          ),
        }),
      ];
      const drop = stage.slack.postUserMessage({ channel, user: ANA, text: 'from the VTT', files });
      await shareEvent(stage, drop);
      const card = await waitFor(
        () => stage.slack.thread(channel, drop.ts).find((m) => keyOf(m).startsWith('card:')),
        WAIT_MS,
        'the card',
      );
      const report = await waitFor(
        () => byKind(stage.slack.thread(channel, drop.ts), 'subtitles')[0],
        WAIT_MS,
        'the subtitles report',
      );
      expect(JSON.stringify(report.blocks)).toContain('*talk.es.vtt* — translation into Spanish, 2 cues');

      // A broken WebVTT in the thread: not taken, its line named.
      const broken = stage.slack.addFile({
        name: 'talk.de.vtt',
        mimetype: 'text/vtt',
        content: vtt('00:00.000 --> 00:00.600\nGut\n\n00:01.000 -> nonsense\nSchlecht\n'),
      });
      await shareEvent(
        stage,
        stage.slack.postUserMessage({ channel, user: ANA, text: '', files: [broken], thread_ts: drop.ts }),
      );
      const brokenReport = await waitFor(
        () =>
          byKind(stage.slack.thread(channel, drop.ts), 'subtitles').find((m) =>
            JSON.stringify(m.blocks).includes('talk.de.vtt'),
          ),
        WAIT_MS,
        'the report of the broken file',
      );
      expect(JSON.stringify(brokenReport.blocks)).toMatch(/talk\.de\.vtt\* was not taken:\\nline 6: /);

      await stage.driver.click({
        message: card,
        actionId: 'job_start',
        user: ANA,
        selections: { job_dst: ['es'], job_src: ['en'] },
      });
      const text = await dubbedFromTheFiles(channel, drop.ts, card);
      // The script kept what SRT can carry: the cue on top, the italics, the entities decoded.
      expect(text).toContain('{\\an8}Hola desde el <archivo>');
      expect(text).toContain('<i>Segunda</i> línea');
    },
    TEST_MS,
  );

  it(
    'reports a broken .srt dropped into a job thread by line, and refuses subtitles after Start',
    async () => {
      const channel = 'C19SRTTHREAD';
      const drop = stage.slack.postUserMessage({
        channel,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <https://vimeo.com/subtitled>`,
      });
      await stage.driver.mention(drop);
      const card = await waitFor(
        () => stage.slack.thread(channel, drop.ts).find((m) => keyOf(m).startsWith('card:')),
        WAIT_MS,
        'the card',
      );
      const broken = new TextEncoder().encode(
        '1\n00:00:01,000 --> 00:00:02,000\nGood\n\n2\n00:00:05,000 -> nonsense\nBad\n',
      );
      const file = stage.slack.addFile({
        name: 'talk.de.srt',
        mimetype: 'application/x-subrip',
        content: broken,
      });
      const inThread = stage.slack.postUserMessage({
        channel,
        user: ANA,
        text: '',
        files: [file],
        thread_ts: drop.ts,
      });
      await shareEvent(stage, inThread);
      const report = await waitFor(
        () => byKind(stage.slack.thread(channel, drop.ts), 'subtitles')[0],
        WAIT_MS,
        'the report',
      );
      const text = JSON.stringify(report.blocks);
      expect(report.text).toBe('1 subtitle file not taken');
      expect(text).toMatch(/\*talk\.de\.srt\* was not taken:\\nline 6: /);
      expect(await stage.app.store.subtitlesOf(jobIdOf(card))).toEqual([]);

      await stage.driver.click({
        message: card,
        actionId: 'job_start',
        user: ANA,
        selections: { job_dst: ['de'] },
      });
      await waitFor(() => byKind(stage.slack.thread(channel, drop.ts), 'started')[0], WAIT_MS, 'the start');
      const late = stage.slack.addFile({
        name: 'talk.srt',
        mimetype: 'application/x-subrip',
        content: SOURCE,
      });
      await shareEvent(
        stage,
        stage.slack.postUserMessage({ channel, user: ANA, text: '', files: [late], thread_ts: drop.ts }),
      );
      const refused = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === channel),
        WAIT_MS,
        'the refusal',
      );
      expect(refused.text).toBe(
        'Subtitles can only be added before the dub starts; this one has started already.',
      );
    },
    TEST_MS,
  );
});
