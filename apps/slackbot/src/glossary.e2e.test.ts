// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): a glossary file with errors
// reported by line and nothing saved; a clean one created as the channel's default, offered preselected on
// the next job card and used by the job, whose translation shows the glossary's terms; the same name
// updated to a new version; list, show, export and delete.
import { DubbingClient } from '@dubkit/core';
import { byKind, keyOf, type SlackFile, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { GLOSSARY_UI } from './features/glossary/blocks.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { GLOSSARY_PICKER } from './ui/glossary-picker.ts';

const ANA = 'U0ANA';
const WAIT_MS = 20_000;
const TEST_MS = 60_000;
const CHANNEL = 'C15GLOSSARY';

const ephemerals = (stage: AppStage) => stage.slack.ephemerals.filter((e) => e.channel === CHANNEL);
/** The import reports posted in the channel (through the outbox, under the dialog's key). */
const posts = (stage: AppStage) =>
  stage.slack.messages.filter(
    (m) => m.channel === CHANNEL && !m.thread_ts && keyOf(m).startsWith('glossary-upload:'),
  );

/** `/dub glossary`, then the dialog filled in and submitted with a file. */
async function upload(stage: AppStage, input: { name: string; file: SlackFile; makeDefault?: boolean }) {
  const before = stage.slack.views.length;
  await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'glossary' });
  const modal = await waitFor(() => stage.slack.views[before], WAIT_MS, 'the glossary dialog');
  expect(modal.view.callback_id).toBe(GLOSSARY_UI.callbackId);
  const { content: _content, ...file } = input.file;
  const count = posts(stage).length;
  const res = await stage.driver.submitView({
    viewId: modal.id,
    user: ANA,
    values: {
      [GLOSSARY_UI.nameBlock]: { [GLOSSARY_UI.nameAction]: { type: 'plain_text_input', value: input.name } },
      [GLOSSARY_UI.fileBlock]: { [GLOSSARY_UI.fileAction]: { type: 'file_input', files: [file] } },
      [GLOSSARY_UI.srcBlock]: {
        [GLOSSARY_UI.srcAction]: { type: 'static_select', selected_option: { value: 'auto' } },
      },
      [GLOSSARY_UI.dstBlock]: {
        [GLOSSARY_UI.dstAction]: { type: 'static_select', selected_option: { value: 'auto' } },
      },
      [GLOSSARY_UI.defaultBlock]: {
        [GLOSSARY_UI.defaultAction]: {
          type: 'checkboxes',
          selected_options: input.makeDefault ? [{ value: 'default' }] : [],
        },
      },
    },
  });
  expect(res.status).toBe(200);
  return waitFor(() => posts(stage)[count], WAIT_MS, 'the import report');
}

/** A CSV Ana uploads (through the dialog's file input, or before sharing it in a message). */
const csv = (text: string, name = 'terms.csv') => ({
  name,
  mimetype: 'text/csv',
  content: new TextEncoder().encode(text),
  user: ANA,
});

describe('glossaries, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'reports a file’s errors by line and saves nothing',
    async () => {
      const file = stage.slack.addFile(csv('en,es\nmachine,MÁQUINA\nvoice\n,vacío\n', 'broken.csv'));
      const report = await upload(stage, { name: 'Brand terms', file });
      const text = JSON.stringify(report.blocks);
      expect(report.text).toBe('Nothing was saved from broken.csv');
      expect(text).toMatch(/❌ line 3[^"]*:/);
      expect(text).toMatch(/❌ line 4[^"]*:/);
      expect(await stage.app.store.glossaries()).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'creates a clean file as the channel default; the next job offers it preselected and translates with it',
    async () => {
      const file = stage.slack.addFile(csv('en,es\nmachine,MÁQUINA\nvoice,VOZ\n'));
      const report = await upload(stage, { name: 'Brand terms', file, makeDefault: true });
      expect(JSON.stringify(report.blocks)).toContain(
        `<@${ANA}> created the glossary *Brand terms* (English → Spanish, 2 terms, version 1) from terms.csv.`,
      );
      const glossary = (await stage.app.store.findGlossary('brand terms'))!;
      expect((await stage.app.store.channelSettings(CHANNEL))?.glossaryIds).toEqual([glossary.id]);

      const drop = stage.slack.postUserMessage({
        channel: CHANNEL,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <https://vimeo.com/glossary-keynote>`,
      });
      await stage.driver.mention(drop);
      const card = await waitFor(
        () => stage.slack.thread(CHANNEL, drop.ts).find((m) => keyOf(m).startsWith('card:')),
        WAIT_MS,
        'the card',
      );
      const picker = (
        card.blocks as { block_id?: string; elements?: { initial_options?: { value: string }[] }[] }[]
      ).find((b) => b.block_id === GLOSSARY_PICKER.block);
      expect(picker?.elements?.[0]?.initial_options?.map((o) => o.value)).toEqual([glossary.id]);
      await stage.driver.click({
        message: card,
        actionId: 'job_start',
        user: ANA,
        selections: { job_dst: ['es', 'de'], job_src: ['en'], [GLOSSARY_PICKER.action]: [glossary.id] },
      });
      const thread = await waitFor(
        () => {
          const t = stage.slack.thread(CHANNEL, drop.ts);
          return t.flatMap((m) => m.files ?? []).length === 4 ? t : undefined;
        },
        WAIT_MS,
        'both dubs with their files',
      );
      const srt = (lang: string) =>
        new TextDecoder().decode(
          thread.flatMap((m) => m.files ?? []).find((f) => f.name.endsWith(`.${lang}.srt`))!.content,
        );
      expect(srt('es')).toMatch(/MÁQUINA|VOZ/);
      expect(srt('de')).not.toMatch(/MÁQUINA|VOZ/);
      expect(byKind(thread, 'dubbed')).toHaveLength(2);
    },
    TEST_MS,
  );

  it(
    'updates a glossary uploaded again under the same name, and lists, shows, exports and deletes it',
    async () => {
      const file = stage.slack.addFile(csv('en,es\nmachine,MÁQUINA\nvoice,VOZ\nwater,AGUA\n'));
      const report = await upload(stage, { name: 'brand terms', file });
      expect(JSON.stringify(report.blocks)).toContain('updated the glossary *Brand terms*');
      expect(JSON.stringify(report.blocks)).toContain('3 terms, version 2');
      expect(await stage.app.store.glossaries()).toHaveLength(1);

      await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'glossary list' });
      await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'glossary show Brand terms' });
      await waitFor(() => ephemerals(stage).length >= 2, WAIT_MS, 'list and show');
      const [list, shown] = ephemerals(stage).slice(-2);
      expect(JSON.stringify(list!.blocks)).toContain('*Brand terms* — en→es, version 2 · ⭐ default here');
      expect(JSON.stringify(shown!.blocks)).toContain('water → AGUA');

      const uploads = stage.slack.callsOf('files.completeUploadExternal').length;
      await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'glossary export Brand terms' });
      const exported = await waitFor(
        () =>
          stage.slack.callsOf('files.completeUploadExternal').length > uploads &&
          stage.slack.messages.find(
            (m) => m.channel === CHANNEL && m.files?.some((f) => f.name === 'Brand-terms.en-es.csv'),
          ),
        WAIT_MS,
        'the exported file',
      );
      const content = new TextDecoder().decode(exported.files![0]!.content);
      expect(content.split(/\r?\n/).filter(Boolean)).toEqual([
        'en,es',
        'machine,MÁQUINA',
        'voice,VOZ',
        'water,AGUA',
      ]);

      const count = ephemerals(stage).length;
      await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'glossary delete Brand terms' });
      await waitFor(() => ephemerals(stage).length > count, WAIT_MS, 'the deletion');
      expect(ephemerals(stage).at(-1)!.text).toBe('🗑 Deleted the glossary *Brand terms*.');
      expect(await stage.app.store.glossaries()).toEqual([]);
    },
    TEST_MS,
  );
});

/** Ana shares `file` with "@dubkit glossary <name>"; the mention and the file share arrive; the report in its thread. */
async function dropGlossary(
  stage: AppStage,
  channel: string,
  name: string,
  file: Parameters<AppStage['slack']['addFile']>[0],
) {
  const drop = stage.slack.postUserMessage({
    channel,
    user: ANA,
    text: `<@${stage.slack.botUserId}> glossary ${name}`,
    files: [stage.slack.addFile(file)],
  });
  await stage.driver.mention(drop);
  await stage.driver.fileShare(drop);
  const report = await waitFor(
    () => stage.slack.messages.find((m) => m.channel === channel && m.thread_ts === drop.ts),
    WAIT_MS,
    'the report',
  );
  return { drop, report };
}

describe('a glossary file dropped with a mention', () => {
  const stage = useStage({ speed: 100 });

  it(
    'is imported under the name given, languages from its header, the report in the thread',
    async () => {
      const channel = 'C21GLOSSDROP';
      const { drop, report } = await dropGlossary(
        stage,
        channel,
        'Produkt',
        csv('en\tde\nmachine\tMASCHINE\nvoice\tSTIMME\n', 'begriffe.tsv'),
      );
      expect(report.text).toBe('Glossary Produkt created');
      expect(JSON.stringify(report.blocks)).toContain(
        '(English → German, 2 terms, version 1) from begriffe.tsv',
      );
      expect(await stage.app.store.findGlossary('Produkt')).toMatchObject({
        srcLang: 'en',
        dstLang: 'de',
        channel,
      });
      expect(stage.slack.ephemerals.filter((e) => e.channel === channel)).toEqual([]);
      // Count once the drop's writes are out of the outbox (they are filed under its key), not after a pause.
      await stage.drained(`glossary:${channel}:${drop.ts}`);
      expect(
        stage.slack.messages.filter((m) => m.channel === channel && m.thread_ts === drop.ts),
      ).toHaveLength(1);

      // "Make it the default in this channel" from the report.
      await stage.driver.click({ message: report, actionId: GLOSSARY_UI.makeDefault, user: ANA });
      const told = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === channel),
        WAIT_MS,
        'the confirmation',
      );
      expect(told.text).toBe(`⭐ *Produkt* is now the default glossary for en→de in <#${channel}>.`);
      expect((await stage.app.store.channelSettings(channel))?.glossaryIds).toEqual([
        (await stage.app.store.findGlossary('Produkt'))!.id,
      ]);
    },
    TEST_MS,
  );

  it(
    'with several target columns makes one glossary per language pair, in one report in Slack words',
    async () => {
      const channel = 'C22GLOSSMANY';
      const { drop, report } = await dropGlossary(
        stage,
        channel,
        'Brand',
        csv('en,es,de,fr\ninvoice,factura,Rechnung,facture\nvoice,voz,Stimme,voix\n', 'terms.csv'),
      );
      expect(report.text).toBe('3 glossaries from terms.csv, one per language pair');
      const shown = JSON.stringify(report.blocks);
      expect(shown).toContain('*Brand (en→es)* (English → Spanish, 2 terms, version 1) from terms.csv');
      expect(shown).toContain('*Brand (en→de)* (English → German, 2 terms, version 1) from terms.csv');
      expect(shown).toContain('*Brand (en→fr)* (English → French, 2 terms, version 1) from terms.csv');
      expect(shown).not.toMatch(/srcLang|dstLang|--src|--dst/);
      // Each is on the service with its own column's terms.
      const service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
      const german = (await stage.app.store.findGlossary('Brand (en→de)'))!;
      expect(german).toMatchObject({ srcLang: 'en', dstLang: 'de', channel });
      expect((await service.glossaries.get(german.id)).entries).toEqual({
        invoice: 'Rechnung',
        voice: 'Stimme',
      });
      await stage.drained(`glossary:${channel}:${drop.ts}`);
      expect(
        stage.slack.messages.filter((m) => m.channel === channel && m.thread_ts === drop.ts),
      ).toHaveLength(1);
    },
    TEST_MS,
  );
});
