// Termbases against the emulator with a real store (only Slack's download is faked): a shared file naming four
// languages is offered, nothing created; the pairs chosen are created, exactly those, once; a forged or stale
// choice, another channel's press and a second press create nothing; the source column moves the pairs; a
// broken file is reported by line and column instead of offered; the dialog without a target language offers too.
import type { DubbingClient } from '@dubkit/core';
import pino from 'pino';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlackMessage } from '../../domain/requests.ts';
import type { Store } from '../../store/store.ts';
import { useServices } from '../../test-support/services.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import { GlossaryService } from './service.ts';
import { OFFER_EMPTY, OFFER_FORGED, OFFER_GONE, OFFER_TAKEN, OFFER_TTL_MS } from './termbases.ts';

/**
 * How often the glossary file was decoded and split: a table read, or a parse of the file's bytes themselves
 * (each decodes and splits it whole; about 1.9 s at 20 MB).
 */
const reads = vi.hoisted(() => ({ tables: 0, files: 0 }));
vi.mock('@dubkit/glossary-csv', async (importOriginal) => {
  const original = await importOriginal<typeof import('@dubkit/glossary-csv')>();
  return {
    ...original,
    readGlossaryTable: (...args: Parameters<typeof original.readGlossaryTable>) => {
      reads.tables++;
      return original.readGlossaryTable(...args);
    },
    parseGlossaryCsv: (...args: Parameters<typeof original.parseGlossaryCsv>) => {
      if (typeof args[0] === 'string' || args[0] instanceof Uint8Array) reads.files++;
      return original.parseGlossaryCsv(...args);
    },
  };
});

const services = useServices({ speed: 200 });
let client: DubbingClient;
let store: Store;
let glossaries: GlossaryService;
let files: Map<string, Uint8Array>;
let importWakes: number;
let clock: number;

const encode = (text: string) => new TextEncoder().encode(text);
const URL_ = 'https://files.slack.test/F9';
const KEY = 'glossary:C7:20.1';
const TERMS = 'en,es,de,fr\ninvoice,factura,Rechnung,facture\nvoice,voz,Stimme,voix\n';
const ANA = { channel: 'C7', userId: 'U1' };

beforeEach(async () => {
  ({ client, store } = services);
  files = new Map();
  importWakes = 0;
  clock = 5_000;
  glossaries = new GlossaryService({
    store,
    service: services.service,
    async downloadFile(url) {
      const bytes = files.get(url);
      if (!bytes) throw new Error('no such file');
      return bytes;
    },
    wakeDeliverer: () => {},
    wakeImports: () => importWakes++,
    logger: pino({ level: 'silent' }),
    now: () => clock,
  });
});

const drop = (text = '<@UBOT> glossary Brand'): SlackMessage => ({
  channel: 'C7',
  ts: '20.1',
  user: 'U1',
  text,
  files: [{ id: 'F9', name: 'terms.csv', url_private_download: URL_ }],
});

async function runDue(): Promise<void> {
  for (const request of await store.claimImports('test', clock, 60_000, 10))
    expect(await glossaries.runImport(request)).toBe(true);
}

/** The offer's message as owed to Slack, and the offer's id (the button's value). */
async function offered(key = KEY) {
  const delivery = (await store.getDelivery(key))!;
  const content = delivery.payload as MessageContent;
  const shown = JSON.stringify(content.blocks);
  const offerId = /"action_id":"termbase_create","value":"([^"]+)"/.exec(shown)?.[1] ?? '';
  return { delivery, content, shown, offerId };
}

const labels = (shown: string) =>
  [...shown.matchAll(/"text":"([^"]+ → [^"]+ · \d+ terms?)"/g)].map((m) => m[1]);

describe('a termbase shared in a thread', () => {
  it('is decoded and split once for its offer, each source column and every pair it creates', async () => {
    files.set(URL_, encode(TERMS));
    reads.tables = 0;
    reads.files = 0;
    await glossaries.importDropped(drop());
    await runDue();
    const { offerId } = await offered();
    expect(await glossaries.termbases.setSource(offerId, '2', ANA)).toBeUndefined();
    expect(await glossaries.termbases.setSource(offerId, '0', ANA)).toBeUndefined();
    expect(await glossaries.termbases.choose(offerId, undefined, ANA)).toBeUndefined();
    await runDue();
    expect((await store.glossaries()).length).toBe(3);
    expect(reads).toEqual({ tables: 1, files: 0 });
  });

  it('is offered pair by pair, all ticked, and nothing is created before Create glossaries', async () => {
    files.set(URL_, encode(TERMS));
    await glossaries.importDropped(drop());
    await runDue();
    const { delivery, content, shown, offerId } = await offered();
    expect(delivery).toMatchObject({
      kind: 'status',
      inThread: true,
      to: { channel: 'C7', threadTs: '20.1' },
    });
    expect(content.text).toBe('terms.csv has terms in 4 languages: choose the glossaries to create');
    expect(shown).toContain('a term list in 4 languages: English, Spanish, German and French');
    // Labels appear twice each (options and initial options): all ticked.
    expect(labels(shown)).toEqual([
      ...['English → Spanish · 2 terms', 'English → German · 2 terms', 'English → French · 2 terms'],
      ...['English → Spanish · 2 terms', 'English → German · 2 terms', 'English → French · 2 terms'],
    ]);
    expect(shown).not.toMatch(/srcLang|dstLang|--src|--dst/);
    expect(offerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.glossaries()).toEqual([]);
    expect(await store.claimImports('test', 9_000, 60_000, 10)).toEqual([]);
  });

  it('creates exactly the ticked pairs with their terms, once', async () => {
    files.set(URL_, encode(TERMS));
    await glossaries.importDropped(drop());
    await runDue();
    const { offerId } = await offered();
    // A forged id, an empty choice and another channel's press change nothing.
    expect(await glossaries.termbases.choose(offerId, ['0>1', '0>9'], ANA)).toBe(OFFER_FORGED);
    expect(await glossaries.termbases.choose(offerId, ['en>es'], ANA)).toBe(OFFER_FORGED);
    expect(await glossaries.termbases.choose(offerId, [], ANA)).toBe(OFFER_EMPTY);
    expect(await glossaries.termbases.choose(offerId, ['0>1'], { ...ANA, channel: 'C8' })).toBe(OFFER_GONE);
    expect(await glossaries.termbases.choose('made-up', ['0>1'], ANA)).toBe(OFFER_GONE);
    expect(await store.claimImports('test', clock, 60_000, 10)).toEqual([]);

    // German unticked.
    expect(
      await glossaries.termbases.choose(offerId, ['0>1', '0>3'], { ...ANA, userId: 'U2' }),
    ).toBeUndefined();
    expect(importWakes).toBe(2);
    const chosen = await offered();
    expect(chosen.content.blocks).toHaveLength(1);
    expect(chosen.shown).toContain(
      '<@U2> chose 2 glossaries from *terms.csv*: English → Spanish, English → French',
    );
    // A second press (or a redelivered one) is told so, and records nothing.
    expect(await glossaries.termbases.choose(offerId, ['0>1', '0>2', '0>3'], ANA)).toBe(OFFER_TAKEN);
    expect(await glossaries.termbases.setSource(offerId, '1', ANA)).toBe(OFFER_TAKEN);
    expect(importWakes).toBe(2);

    await runDue();
    const made = (await store.glossaries()).map((g) => [g.name, g.srcLang, g.dstLang, g.createdBy]);
    expect(made).toEqual([
      ['Brand (en→es)', 'en', 'es', 'U2'],
      ['Brand (en→fr)', 'en', 'fr', 'U2'],
    ]);
    const french = (await store.findGlossary('Brand (en→fr)'))!;
    expect((await client.glossaries.get(french.id)).entries).toEqual({ invoice: 'facture', voice: 'voix' });
    const report = (await store.getDelivery(`termbase:${offerId}`))!;
    expect(report).toMatchObject({ kind: 'reply', to: { channel: 'C7', threadTs: '20.1' } });
    expect((report.payload as MessageContent).text).toBe(
      '2 glossaries from terms.csv, one per language pair',
    );
    expect(JSON.stringify((report.payload as MessageContent).blocks)).not.toMatch(
      /more language columns|--src/,
    );
    await runDue();
    expect(await store.glossaries()).toHaveLength(2);
    // The kept file went with the import that made them.
    expect(await store.termbaseOffer(offerId)).toMatchObject({ file: '', chosen: ['0>1', '0>3'] });
  });

  it('draws the pairs again from another source column, and refuses the old column’s pairs', async () => {
    files.set(URL_, encode(TERMS));
    await glossaries.importDropped(drop());
    await runDue();
    const { offerId } = await offered();
    expect(await glossaries.termbases.setSource(offerId, '7', ANA)).toBe(OFFER_FORGED);
    expect(await glossaries.termbases.setSource(offerId, '2', ANA)).toBeUndefined();
    const { shown } = await offered();
    expect(labels(shown).slice(0, 3)).toEqual([
      'German → English · 2 terms',
      'German → Spanish · 2 terms',
      'German → French · 2 terms',
    ]);
    expect(await glossaries.termbases.choose(offerId, ['0>1'], ANA)).toBe(OFFER_FORGED);
    expect(await glossaries.termbases.choose(offerId, undefined, ANA)).toBeUndefined();
    await runDue();
    expect((await store.glossaries()).map((g) => g.name)).toEqual([
      'Brand (de→en)',
      'Brand (de→es)',
      'Brand (de→fr)',
    ]);
    const english = (await store.findGlossary('Brand (de→en)'))!;
    expect(english).toMatchObject({ srcLang: 'de', dstLang: 'en' });
    expect((await client.glossaries.get(english.id)).entries).toEqual({
      Rechnung: 'invoice',
      Stimme: 'voice',
    });
  });

  it('forgets an offer nobody chose once it is old, when another is made; its button then says so', async () => {
    files.set(URL_, encode(TERMS));
    await glossaries.importDropped(drop());
    await runDue();
    const { offerId } = await offered();
    clock += OFFER_TTL_MS + 1;
    await glossaries.importDropped({ ...drop(), ts: '30.1' });
    await runDue();
    expect(await store.termbaseOffer(offerId)).toBeUndefined();
    expect(await glossaries.termbases.choose(offerId, undefined, ANA)).toBe(OFFER_GONE);
    expect((await offered('glossary:C7:30.1')).offerId).not.toBe('');
  });

  it('offers a pair with a gap in its column, saying so; created, it reports the line and saves nothing', async () => {
    files.set(URL_, encode('en,es,de\ninvoice,factura,Rechnung\nvoice,voz,\n'));
    await glossaries.importDropped(drop());
    await runDue();
    const { shown, offerId } = await offered();
    expect(shown).toContain('English → Spanish · 2 terms');
    expect(shown).toContain('English → German · 1 term · 1 line to fix');
    expect(await glossaries.termbases.choose(offerId, undefined, ANA)).toBeUndefined();
    await runDue();
    expect((await store.glossaries()).map((g) => g.name)).toEqual(['Brand (en→es)']);
    const report = JSON.stringify(
      ((await store.getDelivery(`termbase:${offerId}`))!.payload as MessageContent).blocks,
    );
    expect(report).toContain('Nothing was saved from terms.csv');
    expect(report).toMatch(/❌ line 3, column 3: the target term is empty/);
  });

  it('reports a broken file by line and column, with what to do, and offers nothing', async () => {
    files.set(URL_, encode('en,es,de,fr\ninvoice,factura,Rechnung,facture\n"voice,voz,Stimme,voix\n'));
    await glossaries.importDropped(drop());
    await runDue();
    const { delivery, content, shown } = await offered();
    expect(delivery.kind).toBe('reply');
    expect(content.text).toBe('Nothing was saved from terms.csv');
    expect(shown).toMatch(/❌ line 3, column \d+: a quoted cell in this row is never closed/);
    expect(shown).toContain('Fix them and upload again');
    expect(shown).not.toContain('termbase_create');
  });
});

describe('a termbase uploaded with /dub glossary', () => {
  const upload = (srcLang: string | null, dstLang: string | null) =>
    glossaries.importUpload('glossary-upload:V1', URL_, {
      fileName: 'terms.csv',
      name: 'Brand',
      srcLang,
      dstLang,
      channel: 'C7',
      userId: 'U1',
      makeDefault: false,
    });

  it('offers the pairs from the source language picked, in the channel, when no target is picked', async () => {
    files.set(URL_, encode(TERMS));
    await upload('fr', null);
    await runDue();
    const { delivery, shown } = await offered('glossary-upload:V1');
    expect(delivery).toMatchObject({
      kind: 'status',
      inThread: false,
      to: { channel: 'C7', threadTs: null },
    });
    expect(labels(shown).slice(0, 3)).toEqual([
      'French → English · 2 terms',
      'French → Spanish · 2 terms',
      'French → German · 2 terms',
    ]);
    expect(await store.glossaries()).toEqual([]);
  });

  it('takes one pair when both languages are picked, as before', async () => {
    files.set(URL_, encode(TERMS));
    await upload('en', 'de');
    await runDue();
    const { delivery, content } = await offered('glossary-upload:V1');
    expect(delivery.kind).toBe('reply');
    expect(content.text).toBe('Glossary Brand created');
  });
});
