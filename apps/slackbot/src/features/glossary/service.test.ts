// GlossaryService against the emulator over HTTP, with a real store; only Slack's file download is faked
// (bytes prepared here, or a failed download). A file with errors saves nothing; a clean one is created, then
// updated as version 2 under the same name; channel defaults (one per language pair) are applied to a job's
// languages only when none was chosen; an export owes one file to the channel; a dropped file is imported once
// per message with its report in the thread.
import type { DubbingClient } from '@dubkit/core';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../domain/requests.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { FilePayload } from '../../outbox/payloads.ts';
import { SlackFileError } from '../../slack/files.ts';
import type { Store } from '../../store/store.ts';
import { startedJob } from '../../test-support/jobs.ts';
import { useServices } from '../../test-support/services.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import { GlossaryService, type ImportInput } from './service.ts';

const services = useServices({ speed: 200 });
let client: DubbingClient;
let service: DubbingService;
let store: Store;
let glossaries: GlossaryService;
/** What Slack would serve for each file URL; a URL not here fails like a download Slack refused. */
let files: Map<string, Uint8Array>;
let downloads: string[];
let importWakes: number;
let wakes: number;

const encode = (text: string) => new TextEncoder().encode(text);

beforeEach(async () => {
  ({ client, service, store } = services);
  files = new Map();
  downloads = [];
  wakes = 0;
  importWakes = 0;
  glossaries = new GlossaryService({
    store,
    service,
    async downloadFile(url, maxBytes) {
      downloads.push(url);
      expect(maxBytes).toBeGreaterThan(0);
      const bytes = files.get(url);
      // As the real download does: Slack answering 404 is for good; anything else may pass.
      if (!bytes)
        throw url.includes('unreachable')
          ? new Error('fetch failed')
          : new SlackFileError('Slack answered 404 for the file');
      return bytes;
    },
    wakeDeliverer: () => wakes++,
    wakeImports: () => importWakes++,
    logger: pino({ level: 'silent' }),
    now: () => 5_000,
  });
});

const input = (over: Partial<ImportInput> & { bytes: Uint8Array }): ImportInput => ({
  fileName: 'terms.csv',
  name: 'Brand terms',
  srcLang: null,
  dstLang: null,
  channel: 'C1',
  userId: 'U1',
  makeDefault: false,
  ...over,
});

const blocksText = (content: MessageContent) => JSON.stringify(content.blocks);

/** A glossary made through the service (the emulator has it, the store records it). */
async function made(name: string, csv: string, over: Partial<ImportInput> = {}) {
  const report = await glossaries.importFile(input({ name, bytes: encode(csv), ...over }));
  const record = await store.findGlossary(name);
  if (!record) throw new Error(`${name} was not saved: ${report.text}`);
  return record;
}

describe('GlossaryService.importFile', () => {
  it('saves nothing from a file with errors and names the lines', async () => {
    const report = await glossaries.importFile(
      input({ fileName: 'broken.csv', bytes: encode('en,es\nmachine,MÁQUINA\nvoice\n,vacío\n') }),
    );
    expect(report.text).toBe('Nothing was saved from broken.csv');
    expect(blocksText(report)).toMatch(/❌ line 3[^"]*:/);
    expect(blocksText(report)).toMatch(/❌ line 4[^"]*:/);
    expect(await store.glossaries()).toEqual([]);
  });

  it('refuses a name holding an address or a token, and saves nothing', async () => {
    for (const name of ['Terms from cache-7.internal.example:8443', 'Brand token=s3cr3t', 'xoxb-9-9-leak']) {
      const report = await glossaries.importFile(input({ name, bytes: encode('en,es\nmachine,MÁQUINA\n') }));
      expect(blocksText(report), name).toContain(
        'give the glossary a name without a link, an address, a file path or a token.',
      );
    }
    expect(await store.glossaries()).toEqual([]);
  });

  it('refuses a clean file whose languages are not known, and one without terms', async () => {
    const noHeader = await glossaries.importFile(input({ bytes: encode('machine,MÁQUINA\n') }));
    expect(blocksText(noHeader)).toContain('the file does not name its languages in a header');
    const empty = await glossaries.importFile(input({ bytes: encode('en,es\n') }));
    expect(empty.text).toBe('Nothing was saved from terms.csv');
    expect(blocksText(empty)).toContain('❌ line 1: the file holds no term pairs');
    expect(await store.glossaries()).toEqual([]);
  });

  it('takes the pair chosen in the dialog from a many-language file and says how to get another', async () => {
    const report = await glossaries.importFile(
      input({
        name: 'One',
        srcLang: 'en',
        dstLang: 'de',
        bytes: encode('en,es,de,fr\nmachine,MÁQUINA,MASCHINE,MACHINE\n'),
      }),
    );
    const shown = blocksText(report);
    expect(shown).toContain('(English → German, 1 term');
    expect(shown).toContain(
      'the file has more language columns; this glossary takes English → German only. To be offered a glossary for each language pair, upload it again with `/dub glossary` and leave the target language as “From the file’s header”.',
    );
    expect(shown).not.toMatch(/srcLang|dstLang|--src|--dst/);
  });

  it('creates a clean file on the service, then updates it as version 2 under the same name', async () => {
    const created = await glossaries.importFile(
      input({ bytes: encode('en,es\nmachine,MÁQUINA\nvoice,VOZ\n') }),
    );
    expect(created.text).toBe('Glossary Brand terms created');
    expect(blocksText(created)).toContain(
      '<@U1> created the glossary *Brand terms* (English → Spanish, 2 terms, version 1) from terms.csv.',
    );
    const [record] = await store.glossaries();
    expect(record).toMatchObject({
      name: 'Brand terms',
      srcLang: 'en',
      dstLang: 'es',
      version: 1,
      channel: 'C1',
      createdBy: 'U1',
      updatedAt: 5_000,
    });
    expect(await client.glossaries.get(record!.id)).toMatchObject({
      name: 'Brand terms',
      src_lang: 'en',
      dst_lang: 'es',
      version: 1,
      entries: { machine: 'MÁQUINA', voice: 'VOZ' },
    });

    // The same name in other letter case is the same glossary: it keeps its name and id.
    const updated = await glossaries.importFile(
      input({ name: 'brand TERMS', fileName: 'v2.csv', bytes: encode('en,es\nspeaker,ALTAVOZ\n') }),
    );
    expect(updated.text).toBe('Glossary Brand terms updated');
    expect(blocksText(updated)).toContain('(English → Spanish, 1 term, version 2) from v2.csv.');
    expect(await store.glossaries()).toEqual([{ ...record, version: 2 }]);
    expect(await client.glossaries.get(record!.id)).toMatchObject({
      name: 'Brand terms',
      version: 2,
      entries: { speaker: 'ALTAVOZ' },
    });

    // Another pair under the same name is refused; what is saved stays as it was.
    const clash = await glossaries.importFile(input({ bytes: encode('en,de\nspeaker,LAUTSPRECHER\n') }));
    expect(blocksText(clash)).toContain('a glossary named \\"Brand terms\\" already exists for en→es');
    expect(await store.glossaries()).toEqual([{ ...record, version: 2 }]);
  });

  it('makes the glossary the channel default when asked', async () => {
    const report = await glossaries.importFile(
      input({ bytes: encode('en,es\nmachine,MÁQUINA\n'), makeDefault: true, channel: 'C7' }),
    );
    const record = (await store.findGlossary('Brand terms'))!;
    expect(await glossaries.defaultsOf('C7')).toEqual([record.id]);
    expect(blocksText(report)).toContain('It is the default glossary for en→es in <#C7>.');
  });
});

describe('channel defaults', () => {
  it('keeps one default per language pair and gives it to a job language only when none was chosen', async () => {
    const first = await made('Spanish one', 'en,es\nmachine,MÁQUINA\n');
    const second = await made('Spanish two', 'en,es\nmachine,MAQUINITA\n');
    const german = await made('German', 'en,de\nmachine,MASCHINE\n');

    expect(await glossaries.setDefault('C1', first.id, 'U1')).toBe(
      '⭐ *Spanish one* is now the default glossary for en→es in <#C1>.',
    );
    expect(await glossaries.defaultsOf('C1')).toEqual([first.id]);
    // A second default for the same pair replaces the first; another pair is added beside it.
    await glossaries.setDefault('C1', second.id, 'U1');
    await glossaries.setDefaultByName('C1', 'german', 'U2');
    expect(await glossaries.defaultsOf('C1')).toEqual([second.id, german.id]);
    expect(await store.channelSettings('C1')).toMatchObject({ updatedBy: 'U2', updatedAt: 5_000 });
    expect(await glossaries.defaultsOf('C2')).toEqual([]);
    expect(await glossaries.setDefaultByName('C1', 'nothing', 'U1')).toBe(
      'There is no glossary named "nothing" here. `/dub glossary list` shows this channel\'s.',
    );
    expect(await glossaries.setDefault('C1', 'gone', 'U1')).toBe('That glossary no longer exists.');

    // es: nothing chosen → the channel's default; de: chosen "none" on the card → stays without; fr: no default.
    const { job, targets } = await startedJob(store, { langs: ['es', 'de', 'fr'] });
    await store.setTargetOptions(job.id, 'de', { glossaryId: null, transcriptId: null });
    await glossaries.applyDefaults(job, targets);
    expect(await store.targetOptions(job.id, 'es')).toEqual({ glossaryId: second.id, transcriptId: null });
    expect(await store.targetOptions(job.id, 'de')).toEqual({ glossaryId: null, transcriptId: null });
    expect(await store.targetOptions(job.id, 'fr')).toBeUndefined();

    // A job from another source language, or in another channel, gets none.
    const french = await startedJob(store, {
      job: { triggerKey: 'msg:C1:2.0', srcLang: 'fr' },
      langs: ['es'],
    });
    await glossaries.applyDefaults(french.job, french.targets);
    expect(await store.targetOptions(french.job.id, 'es')).toBeUndefined();
    const elsewhere = await startedJob(store, { job: { triggerKey: 'msg:C2:1.0', channel: 'C2' } });
    await glossaries.applyDefaults(elsewhere.job, elsewhere.targets);
    expect(await store.targetOptions(elsewhere.job.id, 'es')).toBeUndefined();
  });

  it('forgets a default whose glossary was deleted', async () => {
    const record = await made('Short lived', 'en,es\nmachine,MÁQUINA\n');
    await glossaries.setDefault('C1', record.id, 'U1');
    expect(await glossaries.remove('short lived', { channel: 'C1', userId: 'U1' })).toBe(
      '🗑 Deleted the glossary *Short lived*.',
    );
    expect(await service.getGlossary(record.id)).toBeUndefined();
    expect(await glossaries.defaultsOf('C1')).toEqual([]);
    const { job, targets } = await startedJob(store);
    await glossaries.applyDefaults(job, targets);
    expect(await store.targetOptions(job.id, 'es')).toBeUndefined();
  });
});

describe('GlossaryService.exportToChannel', () => {
  it('owes one file to the channel with the glossary as CSV', async () => {
    await made('Brand terms', 'en,es\nmachine,MÁQUINA\nvoice,VOZ\n');
    expect(await glossaries.exportToChannel('glossary-export:1', 'Brand terms', 'C1', 'U2')).toBeUndefined();
    // Asked twice under the same key (a redelivered command): still one file owed.
    expect(await glossaries.exportToChannel('glossary-export:1', 'Brand terms', 'C1', 'U2')).toBeUndefined();
    const delivery = (await store.getDelivery('glossary-export:1'))!;
    expect(delivery).toMatchObject({
      kind: 'file',
      inThread: false,
      to: { channel: 'C1', threadTs: null },
      state: 'pending',
    });
    expect(await store.deliveriesOf('glossary-export:1')).toHaveLength(1);
    const payload = delivery.payload as FilePayload;
    expect(payload.filename).toBe('Brand-terms.en-es.csv');
    expect(payload.comment).toBe('📒 <@U2> exported the glossary *Brand terms*.');
    const lines = payload.content
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('en,es');
    expect(lines.slice(1).sort()).toEqual(['machine,MÁQUINA', 'voice,VOZ']);
    expect(wakes).toBe(2);
  });

  it('says so when there is no such glossary, or the service no longer has it, and owes nothing', async () => {
    expect(await glossaries.exportToChannel('glossary-export:2', 'nope', 'C1', 'U2')).toBe(
      'There is no glossary named "nope" here. `/dub glossary list` shows this channel\'s.',
    );
    const record = await made('Deleted elsewhere', 'en,es\nmachine,MÁQUINA\n');
    await client.glossaries.delete(record.id);
    expect(await glossaries.exportToChannel('glossary-export:2', 'Deleted elsewhere', 'C1', 'U2')).toBe(
      'The glossary "Deleted elsewhere" no longer exists on the service; it was removed from the list.',
    );
    expect(await store.getDelivery('glossary-export:2')).toBeUndefined();
    expect(await store.glossaries()).toEqual([]);
    expect(wakes).toBe(0);
  });
});

/** Runs every import that is due now, as the import loop does; resolves to what each run returned. */
async function runDue(): Promise<boolean[]> {
  const due = await store.claimImports('test', 5_000, 60_000, 10);
  const results: boolean[] = [];
  for (const request of due) {
    const done = await glossaries.runImport(request);
    if (!done) await store.deferImport(request.key, 0);
    results.push(done);
  }
  return results;
}

describe('GlossaryService imports', () => {
  const message = (over: Partial<SlackMessage> = {}): SlackMessage => ({
    channel: 'C4',
    ts: '10.1',
    user: 'U3',
    text: '<@UBOT> glossary Launch words',
    files: [{ id: 'F1', name: 'launch.csv', url_private_download: 'https://files.slack.test/F1' }],
    ...over,
  });

  it('records a dropped file once per message, then imports it and owes the report in its thread', async () => {
    files.set('https://files.slack.test/F1', encode('en,de\nlaunch,START\n'));
    expect(await glossaries.importDropped(message())).toBe(true);
    // The file share event of the same message comes too: one import only.
    expect(await glossaries.importDropped(message())).toBe(true);
    expect(importWakes).toBe(1);
    expect(downloads).toEqual([]);
    expect(await runDue()).toEqual([true]);
    expect(downloads).toEqual(['https://files.slack.test/F1']);
    expect(await runDue()).toEqual([]);

    const record = (await store.findGlossary('Launch words'))!;
    expect(record).toMatchObject({
      srcLang: 'en',
      dstLang: 'de',
      version: 1,
      channel: 'C4',
      createdBy: 'U3',
    });
    expect((await client.glossaries.get(record.id)).entries).toEqual({ launch: 'START' });
    const delivery = (await store.getDelivery('glossary:C4:10.1'))!;
    expect(delivery).toMatchObject({
      kind: 'reply',
      inThread: true,
      to: { channel: 'C4', threadTs: '10.1' },
    });
    expect((delivery.payload as MessageContent).text).toBe('Glossary Launch words created');
    expect(wakes).toBe(1);
  });

  it('answers in the thread the message was in, and takes the file name when no name is given', async () => {
    files.set('https://files.slack.test/F1', encode('en,de\nlaunch,START\n'));
    expect(await glossaries.importDropped(message({ text: 'glossary', thread_ts: '9.0' }))).toBe(true);
    await runDue();
    expect(await store.findGlossary('launch')).toMatchObject({ dstLang: 'de' });
    expect((await store.getDelivery('glossary:C4:10.1'))?.to).toEqual({ channel: 'C4', threadTs: '9.0' });
  });

  it('leaves other messages alone, and waits for the file share when the mention comes without the file', async () => {
    expect(await glossaries.importDropped(message({ text: 'here are the slides' }))).toBe(false);
    expect(await glossaries.importDropped(message({ files: [] }))).toBe(true);
    expect(await glossaries.importDropped(message({ files: [{ id: 'F2', name: 'deck.pdf' }] }))).toBe(false);
    expect(await runDue()).toEqual([]);
    expect(await store.getDelivery('glossary:C4:10.1')).toBeUndefined();
    expect(await store.glossaries()).toEqual([]);
  });

  it('reports a download Slack refused in the thread, once, without trying again', async () => {
    expect(await glossaries.importDropped(message())).toBe(true);
    expect(await runDue()).toEqual([true]);
    expect(await runDue()).toEqual([]);
    expect(downloads).toHaveLength(1);
    const payload = (await store.getDelivery('glossary:C4:10.1'))!.payload as MessageContent;
    expect(payload.text).toBe('Nothing was saved from launch.csv');
    expect(JSON.stringify(payload.blocks)).toMatch(
      /Slack answered 404 for the file\. Upload it again in a few minutes; if it keeps failing, give your Slack admin this request id: `r-[0-9a-f]{8}`/,
    );
    expect(await store.glossaries()).toEqual([]);
  });

  it('tries an unreachable download again, and reports it after the last try', async () => {
    const url = 'https://files.slack.test/unreachable';
    await glossaries.importUpload('glossary-upload:1', url, {
      fileName: 'x.csv',
      name: 'X',
      srcLang: null,
      dstLang: null,
      channel: 'C5',
      userId: 'U1',
      makeDefault: false,
    });
    const runs: boolean[] = [];
    for (let i = 0; i < 5; i++) runs.push(...(await runDue()));
    expect(runs).toEqual([false, false, false, false, true]);
    const delivery = (await store.getDelivery('glossary-upload:1'))!;
    expect(delivery).toMatchObject({ inThread: false, to: { channel: 'C5', threadTs: null } });
    expect((delivery.payload as MessageContent).text).toBe('Nothing was saved from x.csv');
    expect(JSON.stringify((delivery.payload as MessageContent).blocks)).toContain(
      'Slack or the dubbing service did not answer. Upload it again',
    );
  });
});

describe('a glossary belongs to its channel', () => {
  it('is shown, exported, made a default, overwritten and deleted only there, or by an admin', async () => {
    const owned = await made('Team terms', 'en,es\nmachine,MÁQUINA\n', { channel: 'C1' });
    const stranger = { channel: 'C9', userId: 'U9' };
    const none = 'There is no glossary named "Team terms" here. `/dub glossary list` shows this channel\'s.';
    expect(await glossaries.show('Team terms', stranger)).toBe(none);
    expect(await glossaries.exportToChannel('glossary-export:9', 'Team terms', 'C9', 'U9')).toBe(none);
    expect(await glossaries.setDefaultByName('C9', 'Team terms', 'U9')).toBe(none);
    expect(await glossaries.setDefault('C9', owned.id, 'U9')).toBe('That glossary no longer exists.');
    expect(await glossaries.remove('Team terms', stranger)).toBe(none);
    // What someone typed comes back escaped: it can mention nobody.
    expect(await glossaries.show('<!here> & co', stranger)).toBe(
      'There is no glossary named "&lt;!here&gt; &amp; co" here. `/dub glossary list` shows this channel\'s.',
    );
    const overwrite = await glossaries.importFile(
      input({ name: 'team terms', bytes: encode('en,es\nmachine,ROBOT\n'), channel: 'C9', userId: 'U9' }),
    );
    expect(blocksText(overwrite)).toContain('taken by another channel');
    // Nothing changed: the service's glossary, its version, the record and C9's settings.
    expect((await service.getGlossary(owned.id))?.entries).toEqual({ machine: 'MÁQUINA' });
    expect(await store.findGlossary('Team terms')).toEqual(owned);
    expect(await store.channelSettings('C9')).toBeUndefined();
    expect(await store.getDelivery('glossary-export:9')).toBeUndefined();
    expect(JSON.stringify(await glossaries.list('C9'))).not.toContain('Team terms');
    expect(await glossaries.offered('C9')).toEqual([]);

    // An admin may, from anywhere; the glossary stays its channel's.
    const admin = new GlossaryService({
      store,
      service,
      downloadFile: async () => new Uint8Array(),
      wakeDeliverer: () => {},
      wakeImports: () => {},
      logger: pino({ level: 'silent' }),
      isAdmin: (user) => user === 'UADMIN',
    });
    expect(typeof (await admin.show('Team terms', { channel: 'C9', userId: 'UADMIN' }))).toBe('object');
    expect(await admin.remove('Team terms', { channel: 'C9', userId: 'UADMIN' })).toBe(
      '🗑 Deleted the glossary *Team terms*.',
    );
  });
});
