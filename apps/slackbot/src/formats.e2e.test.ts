// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): a channel whose settings pick
// IMSC 1.1 (TTML) and ASS gets those files on each dubbed reply, and they read back (with @dubkit/subtitles) to
// the cues of the SRT of the same segments; "Other formats…" on the reply posts an EBU-TT-D file once, and a
// second request for it posts nothing and says where it is.

import { byKind, type SlackFile, waitFor } from '@dubkit/slack-sandbox';
import { segmentsToSrt } from '@dubkit/srt';
import { cueText, readSrt, readSubtitles, type SubtitleCue } from '@dubkit/subtitles';
import { describe, expect, it } from 'vitest';
import { OTHER_FORMATS } from './features/other-formats/blocks.ts';
import { SETTINGS_UI } from './features/settings/blocks.ts';
import { FORMATS_SETTING } from './features/settings/formats-block.ts';
import { ANA, LONG_WAIT_MS } from './test-support/people.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { cardOf, jobIdOf } from './test-support/threads.ts';

const CHANNEL = 'C27FORMATS';
const TEST_MS = 120_000;
const BASE = 'vimeo-com-27027.es';

const text = (file: SlackFile) => new TextDecoder().decode(file.content);
const plainCues = (cues: SubtitleCue[]) =>
  cues.map((cue) => ({ startMs: cue.startMs, endMs: cue.endMs, text: cueText(cue) }));
/** The app's files in the thread that are not on a reply (posted on their own). */
const filesBeside = (stage: AppStage, threadTs: string) =>
  stage.slack
    .thread(CHANNEL, threadTs)
    .filter((m) => m.bot_id && !m.metadata)
    .flatMap((m) => m.files ?? []);

describe('delivery formats, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'attaches the channel’s formats to the reply, and posts another format on demand, once',
    async () => {
      // /dub settings: IMSC 1.1 (TTML) and ASS instead of the default SRT and WebVTT.
      const opened = stage.slack.views.length;
      await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'settings' });
      const dialog = await waitFor(() => stage.slack.views[opened], LONG_WAIT_MS, 'the settings dialog');
      expect(dialog.view.callback_id).toBe(SETTINGS_UI.callbackId);
      expect(JSON.stringify(dialog.view.blocks)).toContain(
        '"initial_options":[{"text":{"type":"plain_text","text":"SRT"}',
      );
      const formats = (values: string[]) => ({
        [FORMATS_SETTING.block]: {
          [FORMATS_SETTING.action]: {
            type: 'checkboxes',
            selected_options: values.map((value) => ({ value })),
          },
        },
      });
      const none = await stage.driver.submitView({ viewId: dialog.id, user: ANA, values: formats([]) });
      expect(JSON.parse(none.body)).toMatchObject({
        response_action: 'errors',
        errors: { [FORMATS_SETTING.block]: expect.stringContaining('Tick at least one subtitle format') },
      });
      await stage.driver.submitView({ viewId: dialog.id, user: ANA, values: formats(['ass', 'ttml']) });
      const saved = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === CHANNEL && e.text.startsWith('Saved')),
        LONG_WAIT_MS,
        'the settings saved',
      );
      expect(saved.text).toContain('subtitle files IMSC 1.1 (TTML), ASS');

      await stage.driver.command({
        channel: CHANNEL,
        user: ANA,
        text: 'https://vimeo.com/27027 to es from en',
      });
      const card = await cardOf(stage, CHANNEL);
      const reply = await waitFor(
        () => byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed').find((m) => (m.files ?? []).length > 0),
        LONG_WAIT_MS,
        'the dubbed reply with its files',
      );
      expect(reply.files!.map((f) => f.name)).toEqual([`${BASE}.ttml`, `${BASE}.ass`]);
      const [target] = await stage.app.store.targetsOf(jobIdOf(card));
      const srt = readSrt(segmentsToSrt(await stage.app.service.getSegments(target!.projectId!), 'dst'));
      const expected = plainCues(srt.subtitles.cues);
      expect(expected.length).toBeGreaterThan(0);
      const ttml = readSubtitles(text(reply.files![0]!), { fileName: reply.files![0]!.name });
      expect(ttml.subtitles.lang).toBe('es');
      expect(plainCues(ttml.subtitles.cues)).toEqual(expected);
      const ass = readSubtitles(text(reply.files![1]!), { fileName: reply.files![1]!.name });
      // ASS counts centiseconds: each time within 10 ms of the SRT's.
      const assCues = plainCues(ass.subtitles.cues);
      expect(assCues.map((c) => c.text)).toEqual(expected.map((c) => c.text));
      assCues.forEach((cue, i) => {
        expect(Math.abs(cue.startMs - expected[i]!.startMs)).toBeLessThanOrEqual(10);
        expect(Math.abs(cue.endMs - expected[i]!.endMs)).toBeLessThanOrEqual(10);
      });

      // Other formats…: the dialog offers what the reply lacks; EBU-TT-D is posted in the thread.
      const ask = async (): Promise<void> => {
        const before = stage.slack.views.length;
        await stage.driver.click({ message: reply, actionId: OTHER_FORMATS.button, user: ANA });
        const picker = await waitFor(() => stage.slack.views[before], LONG_WAIT_MS, 'the formats dialog');
        const offered = JSON.stringify(picker.view.blocks);
        for (const label of ['SRT', 'WebVTT', 'EBU-TT-D']) expect(offered).toContain(`"text":"${label}"`);
        expect(offered).not.toContain('"value":"ttml"');
        expect(offered).not.toContain('"value":"ass"');
        await stage.driver.submitView({
          viewId: picker.id,
          user: ANA,
          values: {
            [OTHER_FORMATS.block]: {
              [OTHER_FORMATS.action]: { type: 'radio_buttons', selected_option: { value: 'ebu-tt-d' } },
            },
          },
        });
      };
      await ask();
      const ebu = await waitFor(
        () => filesBeside(stage, card.ts).find((f) => f.name === `${BASE}.ebu-tt-d.xml`),
        LONG_WAIT_MS,
        'the EBU-TT-D file',
      );
      expect(text(ebu)).toContain('xml:lang="es"');
      const posted = stage.slack
        .thread(CHANNEL, card.ts)
        .find((m) => (m.files ?? []).some((f) => f.name === ebu.name));
      expect(posted?.text).toBe(`EBU-TT-D subtitles of render 1 of Spanish, asked for by <@${ANA}>.`);
      const read = readSubtitles(text(ebu), { fileName: ebu.name });
      expect(read.format).toBe('ebu-tt-d');
      expect(plainCues(read.subtitles.cues)).toEqual(expected);

      // Asked again: nothing new, and the person is told where the file is.
      await ask();
      await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === CHANNEL && e.text.includes('already')),
        LONG_WAIT_MS,
        'the answer that it was posted',
      );
      const told = stage.slack.ephemerals.filter((e) => e.channel === CHANNEL && e.text.includes('already'));
      expect(told.at(-1)!.text).toContain(`${BASE}.ebu-tt-d.xml`);
      await stage.drained(jobIdOf(card));
      expect(filesBeside(stage, card.ts).map((f) => f.name)).toEqual([`${BASE}.ebu-tt-d.xml`]);
      expect(reply.files!.length).toBe(2);
    },
    TEST_MS,
  );
});
