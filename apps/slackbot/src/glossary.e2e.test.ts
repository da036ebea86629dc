// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): a glossary file with errors
// reported by line and nothing saved; a clean one created as the channel's default, offered preselected on
// the next job card and used by the job, whose translation shows the glossary's terms; the same name
// updated to a new version; list, show, export and delete; a dropped file, and a dropped termbase offered pair
// by pair, exactly the ticked pairs created, once, a forged pair id refused.
import { DubbingClient } from '@dubkit/core';
import { byKind, keyOf, type SlackFile, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { GLOSSARY_PICKER } from './features/dub/glossary-picker.ts';
import { GLOSSARY_UI } from './features/glossary/blocks.ts';
import { TERMBASE_UI } from './features/glossary/termbase-blocks.ts';
import { OFFER_FORGED, OFFER_TAKEN } from './features/glossary/termbases.ts';
import { ANA, WAIT_MS } from './test-support/people.ts';
import { type AppStage, useStage } from './test-support/stage.ts';

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

  it(
    'offers a termbase uploaded with no target language in the channel; its source column picked, the ticked pair created',
    async () => {
      const file = stage.slack.addFile(
        csv('en,de,fr\ninvoice,Rechnung,facture\nvoice,Stimme,voix\n', 'termbase.csv'),
      );
      const offer = await upload(stage, { name: 'Termbase', file });
      expect(offer.thread_ts).toBeUndefined();
      expect(checkboxesOf(offer).initial.map((o) => o.text.text)).toEqual([
        'English → German · 2 terms',
        'English → French · 2 terms',
      ]);
      expect(await stage.app.store.glossaries()).toEqual([]);
      // German as the source column: the offer is drawn again with German's pairs, all ticked.
      const res = await stage.driver.act({
        user: ANA,
        message: offer,
        values: {},
        action: {
          type: 'static_select',
          action_id: TERMBASE_UI.source,
          block_id: TERMBASE_UI.sourceBlock,
          selected_option: { value: `${offerIdOf(offer)}:1` },
        },
      });
      expect(res.status).toBe(200);
      const redrawn = await waitFor(
        () => {
          const now = stage.slack.messages.find((m) => m.ts === offer.ts);
          return now && JSON.stringify(now.blocks).includes('German → English') ? now : undefined;
        },
        WAIT_MS,
        'the offer drawn again',
      );
      const boxes = checkboxesOf(redrawn);
      expect(boxes.initial.map((o) => o.text.text)).toEqual([
        'German → English · 2 terms',
        'German → French · 2 terms',
      ]);
      await press(stage, redrawn, boxes.blockId, ['1>2']);
      const report = await waitFor(
        () => stage.slack.messages.find((m) => m.channel === CHANNEL && keyOf(m).startsWith('termbase:')),
        WAIT_MS,
        'the report',
      );
      expect(report.text).toBe('1 glossary from termbase.csv, one per language pair');
      expect(report.thread_ts).toBeUndefined();
      expect((await stage.app.store.glossaries()).map((g) => [g.name, g.srcLang, g.dstLang])).toEqual([
        ['Termbase (de→fr)', 'de', 'fr'],
      ]);
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
    'with several target columns offers a glossary per pair, all ticked, and creates exactly the ticked ones, once',
    async () => {
      const channel = 'C22GLOSSMANY';
      const before = await glossariesOnService(stage);
      const { drop, report: offer } = await dropGlossary(
        stage,
        channel,
        'Brand',
        csv('en,es,de,fr\ninvoice,factura,Rechnung,facture\nvoice,voz,Stimme,voix\n', 'terms.csv'),
      );
      // Offered, in Slack words, three pairs ticked; nothing created yet.
      expect(keyOf(offer)).toBe(`glossary:${channel}:${drop.ts}`);
      const shown = JSON.stringify(offer.blocks);
      expect(shown).toContain('a term list in 4 languages: English, Spanish, German and French');
      expect(shown).not.toMatch(/srcLang|dstLang|--src|--dst/);
      const boxes = checkboxesOf(offer);
      expect(boxes.initial.map((o) => o.text.text)).toEqual([
        'English → Spanish · 2 terms',
        'English → German · 2 terms',
        'English → French · 2 terms',
      ]);
      await stage.drained(`glossary:${channel}:${drop.ts}`);
      expect(await stage.app.store.glossaries()).toHaveLength(before.records);
      expect(await glossariesOnService(stage)).toEqual(before);
      // The message as it was first posted: pressed again later, after it was redrawn.
      const posted = structuredClone(offer);

      // A pair id the app never made, beside a real one: refused, nothing created.
      const told = stage.slack.ephemerals.length;
      await press(stage, posted, boxes.blockId, ['0>1', '0>9']);
      const forged = await waitFor(() => stage.slack.ephemerals[told], WAIT_MS, 'the refusal');
      expect(forged.text).toBe(OFFER_FORGED);
      expect((await stage.app.store.termbaseOffer(offerIdOf(posted)))?.chosen).toBeNull();

      // German unticked, then Create glossaries.
      const spanishAndFrench = boxes.initial.filter((o) => o.value !== '0>2').map((o) => o.value);
      await press(stage, posted, boxes.blockId, spanishAndFrench);
      const made = await waitFor(
        () =>
          stage.slack.messages.find(
            (m) => m.channel === channel && m.thread_ts === drop.ts && keyOf(m).startsWith('termbase:'),
          ),
        WAIT_MS,
        'the glossaries’ report',
      );
      expect(made.text).toBe('2 glossaries from terms.csv, one per language pair');
      const service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
      const spanish = (await stage.app.store.findGlossary('Brand (en→es)'))!;
      const french = (await stage.app.store.findGlossary('Brand (en→fr)'))!;
      expect(spanish).toMatchObject({ srcLang: 'en', dstLang: 'es', channel, createdBy: ANA });
      expect((await service.glossaries.get(spanish.id)).entries).toEqual({
        invoice: 'factura',
        voice: 'voz',
      });
      expect((await service.glossaries.get(french.id)).entries).toEqual({
        invoice: 'facture',
        voice: 'voix',
      });
      expect(await stage.app.store.findGlossary('Brand (en→de)')).toBeUndefined();
      expect(await glossariesOnService(stage)).toEqual({
        records: before.records + 2,
        service: before.service + 2,
      });
      // The offer now says what was chosen, with no controls left.
      await stage.drained(`glossary:${channel}:${drop.ts}`);
      const redrawn = stage.slack.messages.find((m) => m.ts === offer.ts)!;
      expect(JSON.stringify(redrawn.blocks)).toContain('chose 2 glossaries from *terms.csv*');
      expect(JSON.stringify(redrawn.blocks)).not.toContain(TERMBASE_UI.create);

      // Pressed again (a second click on the old message, or Slack delivering it twice): nothing more.
      const again = stage.slack.ephemerals.length;
      await press(
        stage,
        posted,
        boxes.blockId,
        boxes.initial.map((o) => o.value),
      );
      expect((await waitFor(() => stage.slack.ephemerals[again], WAIT_MS, 'the answer')).text).toBe(
        OFFER_TAKEN,
      );
      await stage.drained(keyOf(made));
      expect(await glossariesOnService(stage)).toEqual({
        records: before.records + 2,
        service: before.service + 2,
      });
      expect(
        stage.slack.messages.filter((m) => m.channel === channel && m.thread_ts === drop.ts),
      ).toHaveLength(2);
    },
    TEST_MS,
  );
});

/** The glossaries the app recorded and the ones the emulator holds. */
async function glossariesOnService(stage: AppStage) {
  const stats = (await (await fetch(`${stage.serviceUrl}/_admin/stats`)).json()) as { glossaries: number };
  return { records: (await stage.app.store.glossaries()).length, service: stats.glossaries };
}

type Option = { value: string; text: { text: string } };

/** The offer's one checkbox group: its block and the options it starts with ticked. */
function checkboxesOf(message: SlackMessage) {
  const blocks = (message.blocks ?? []) as {
    block_id?: string;
    elements?: { type: string; initial_options?: Option[] }[];
  }[];
  const block = blocks.find((b) => b.elements?.some((e) => e.type === 'checkboxes'))!;
  const boxes = block.elements!.find((e) => e.type === 'checkboxes')!;
  return { blockId: block.block_id!, initial: boxes.initial_options ?? [] };
}

/** The offer's id, as its Create glossaries button carries it. */
function offerIdOf(message: SlackMessage): string {
  return JSON.stringify(message.blocks).match(/"action_id":"termbase_create","value":"([^"]+)"/)?.[1] ?? '';
}

/** Ana presses Create glossaries on `message` with `ticked` as the checkboxes' state. */
async function press(stage: AppStage, message: SlackMessage, blockId: string, ticked: string[]) {
  const res = await stage.driver.act({
    user: ANA,
    message,
    values: {
      [blockId]: {
        [TERMBASE_UI.pairs]: { type: 'checkboxes', selected_options: ticked.map((value) => ({ value })) },
      },
    },
    action: {
      type: 'button',
      action_id: TERMBASE_UI.create,
      block_id: TERMBASE_UI.createBlock,
      value: offerIdOf(message),
    },
  });
  expect(res.status).toBe(200);
}
