// Termbases: a term list naming more than two languages, shared in a thread or uploaded with `/dub glossary`
// without a target language, is not turned into glossaries at once. Its file is kept in the store and a message
// offers one glossary per language pair, all ticked, with the source column to pick; "Create glossaries"
// records one import that creates exactly the ticked pairs. The message carries the offer's id and the pair
// ids the app made; a choice is checked against the kept offer, and an offer is chosen once. The file is
// decoded and split once per offer (about 1.9 s at 20 MB): its pairs, a change of source column and the
// chosen pairs' imports all read that one table, kept while the offer is open.
import { randomUUID } from 'node:crypto';
import {
  type GlossaryIssue,
  type GlossaryTable,
  parseGlossaryCsv,
  readGlossaryTable,
} from '@dubkit/glossary-csv';
import type { GlossaryImport, Store, TermbaseOffer } from '../../store/store.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import { importReport } from './blocks.ts';
import {
  distinctLanguages,
  languagePairs,
  pairName,
  pairsChosen,
  pairsLeftOut,
  pairsReport,
} from './pairs.ts';
import type { ImportInput } from './service.ts';
import { type PairOffered, termbaseChoice, termbaseChosen } from './termbase-blocks.ts';

export interface TermbaseOptions {
  store: Store;
  now: () => number;
  wakeDeliverer: () => void;
  wakeImports: () => void;
  /** Creates (or updates) one pair's glossary and returns its report. */
  importFile: (input: ImportInput) => Promise<MessageContent>;
}

/** Who acted on an offer's message, and in which channel (the rule checked both). */
export interface OfferCaller {
  channel: string;
  userId: string;
}

/** What the person is told after pressing; undefined when the choice was taken. */
export type OfferAnswer = string | undefined;

/** An offer nobody chose in this long is forgotten, its file with it. */
export const OFFER_TTL_MS = 7 * 24 * 3_600_000;

export const OFFER_GONE =
  'That choice is no longer open here; share the file again to be offered its glossaries.';
export const OFFER_FORGED =
  'That choice names glossaries I did not offer, so nothing was created. Tick them in the message and press Create glossaries again.';
export const OFFER_TAKEN = 'These glossaries were already chosen from this file; nothing more was created.';
export const OFFER_EMPTY = 'Tick at least one language pair, then press Create glossaries again.';

/** The tables of this many offers are kept (each up to a few times its 20 MB file); an older one is read again. */
const TABLES_KEPT = 2;

export class Termbases {
  readonly #o: TermbaseOptions;
  /** Open offers' files, decoded and split, by offer id, the newest last. */
  readonly #tables = new Map<string, GlossaryTable>();

  constructor(options: TermbaseOptions) {
    this.#o = options;
  }

  /**
   * An import's file, when it is a termbase and no target language was chosen: kept, and its offer owed in
   * the import's place (`offered`); a problem in the file itself (every pair has it) is reported instead.
   * Undefined for any other file: it is imported as one glossary.
   */
  async offer(
    request: GlossaryImport,
    bytes: Uint8Array,
  ): Promise<{ offered: true } | { report: MessageContent } | undefined> {
    if (request.dstLang || request.offerId) return undefined;
    let languages: string[];
    let table: GlossaryTable;
    try {
      table = readGlossaryTable(bytes);
      languages = distinctLanguages(parseGlossaryCsv(table).languages);
    } catch {
      return undefined; // the one-glossary import reports it
    }
    if (languages.length < 3) return undefined;
    const source = Math.max(0, request.srcLang ? findColumn(languages, request.srcLang) : 0);
    const pairs = pairsOffered(table, languages, source);
    const common = problemsOfEveryPair(pairs.map((pair) => pair.issues));
    if (common.length > 0) {
      return {
        report: importReport({ fileName: request.fileName, userId: request.userId, issues: common }),
      };
    }
    const offer: TermbaseOffer = {
      id: randomUUID(),
      importKey: request.key,
      channel: request.channel,
      threadTs: request.threadTs,
      userId: request.userId,
      fileName: request.fileName,
      name: request.name,
      makeDefault: request.makeDefault,
      file: Buffer.from(bytes).toString('base64'),
      languages,
      source,
      chosen: null,
      createdAt: this.#o.now(),
    };
    // Old offers go as new ones come: a file nobody chose from is not kept for good.
    await this.#o.store.expireTermbaseOffers(this.#o.now() - OFFER_TTL_MS);
    await this.#o.store.offerTermbase(offer, this.#message(offer, choiceOf(offer, pairs)), this.#o.now());
    this.#keep(offer.id, table);
    this.#o.wakeDeliverer();
    return { offered: true };
  }

  /** The source column picked in the offer's message: the pairs are drawn again from it, all ticked. */
  async setSource(offerId: string, index: string, caller: OfferCaller): Promise<OfferAnswer> {
    const offer = await this.#open(offerId, caller);
    if (typeof offer === 'string') return offer;
    const source = Number(index);
    if (!/^\d+$/.test(index) || offer.languages[source] === undefined) return OFFER_FORGED;
    if (source === offer.source) return undefined;
    const moved = { ...offer, source };
    const pairs = pairsOffered(this.#tableOf(offer), offer.languages, source);
    const changed = await this.#o.store.setTermbaseSource(
      offer.id,
      source,
      this.#message(offer, choiceOf(moved, pairs)),
      this.#o.now(),
    );
    if (!changed) return OFFER_TAKEN;
    this.#o.wakeDeliverer();
    return undefined;
  }

  /**
   * "Create glossaries": the ticked ids (undefined: as drawn, all) must all be the offer's pairs for its
   * source. The offer is closed and one import recorded for exactly those pairs, once however often it is
   * pressed.
   */
  async choose(offerId: string, ticked: string[] | undefined, caller: OfferCaller): Promise<OfferAnswer> {
    const offer = await this.#open(offerId, caller);
    if (typeof offer === 'string') return offer;
    const ids = ticked ?? languagePairs(offer.languages, offer.source).map((pair) => pair.id);
    const pairs = pairsChosen(offer.languages, offer.source, ids);
    if (!pairs) return OFFER_FORGED;
    if (pairs.length === 0) return OFFER_EMPTY;
    const request: Omit<GlossaryImport, 'failures'> = {
      key: `termbase:${offer.id}`,
      channel: offer.channel,
      threadTs: offer.threadTs,
      url: '',
      fileName: offer.fileName,
      name: offer.name,
      srcLang: null,
      dstLang: null,
      userId: caller.userId,
      makeDefault: offer.makeDefault,
      offerId: offer.id,
    };
    const chosen = await this.#o.store.chooseTermbase(
      offer.id,
      { source: offer.source, pairIds: pairs.map((pair) => pair.id) },
      request,
      this.#message(offer, termbaseChosen({ fileName: offer.fileName, userId: caller.userId, pairs })),
      this.#o.now(),
    );
    if (!chosen) return OFFER_TAKEN;
    this.#o.wakeImports();
    this.#o.wakeDeliverer();
    return undefined;
  }

  /** The import "Create glossaries" recorded: each chosen pair created from the kept file, reported together. */
  async importChosen(request: GlossaryImport): Promise<MessageContent> {
    const offer = request.offerId ? await this.#o.store.termbaseOffer(request.offerId) : undefined;
    const pairs = offer?.chosen && pairsChosen(offer.languages, offer.source, offer.chosen);
    if (!offer || !pairs) throw new Error(`termbase offer ${request.offerId} has no choice`);
    const bytes = bytesOf(offer);
    const table = this.#tableOf(offer);
    const reports: MessageContent[] = [];
    for (const pair of pairs) {
      reports.push(
        await this.#o.importFile({
          bytes,
          table,
          fileName: offer.fileName,
          name: pairName(offer.name, pair),
          srcLang: pair.src,
          dstLang: pair.dst,
          channel: offer.channel,
          userId: request.userId,
          makeDefault: offer.makeDefault,
          onePairOfMany: true,
        }),
      );
    }
    // Chosen and imported: the offer is closed, its table not needed again.
    this.#tables.delete(offer.id);
    return pairsReport(offer.fileName, reports);
  }

  /** The offer's file as a table: the one kept, or read again (after a restart, or on another replica). */
  #tableOf(offer: TermbaseOffer): GlossaryTable {
    const kept = this.#tables.get(offer.id);
    if (kept) return kept;
    const table = readGlossaryTable(bytesOf(offer));
    this.#keep(offer.id, table);
    return table;
  }

  #keep(offerId: string, table: GlossaryTable): void {
    this.#tables.delete(offerId);
    this.#tables.set(offerId, table);
    for (const oldest of this.#tables.keys()) {
      if (this.#tables.size <= TABLES_KEPT) break;
      this.#tables.delete(oldest);
    }
  }

  /** The offer, when it is open and in the caller's channel; what to tell them otherwise. */
  async #open(offerId: string, caller: OfferCaller): Promise<TermbaseOffer | string> {
    const offer = offerId ? await this.#o.store.termbaseOffer(offerId) : undefined;
    if (!offer || offer.channel !== caller.channel) return OFFER_GONE;
    if (offer.chosen) return OFFER_TAKEN;
    return offer;
  }

  /** The offer's one message (under its import's key): posted, then edited in place. */
  #message(offer: TermbaseOffer, content: MessageContent) {
    return {
      key: offer.importKey,
      jobId: offer.importKey,
      kind: 'status' as const,
      inThread: offer.threadTs !== null,
      payload: content,
      to: { channel: offer.channel, threadTs: offer.threadTs },
    };
  }
}

interface ParsedPair extends PairOffered {
  issues: GlossaryIssue[];
}

function pairsOffered(table: GlossaryTable, languages: readonly string[], source: number): ParsedPair[] {
  return languagePairs(languages, source).map((pair) => {
    const parsed = parseGlossaryCsv(table, { srcLang: pair.src, dstLang: pair.dst });
    const errorLines = new Set(parsed.issues.flatMap((i) => (i.severity === 'error' ? [i.line] : [])));
    return {
      ...pair,
      terms: Object.keys(parsed.entries).length,
      errorLines: errorLines.size,
      issues: parsed.issues,
    };
  });
}

function choiceOf(offer: TermbaseOffer, pairs: readonly PairOffered[]): MessageContent {
  return termbaseChoice({
    offerId: offer.id,
    fileName: offer.fileName,
    userId: offer.userId,
    name: offer.name,
    languages: offer.languages,
    source: offer.source,
    pairs,
    leftOut: pairsLeftOut(offer.languages),
  });
}

function bytesOf(offer: TermbaseOffer): Uint8Array {
  return Buffer.from(offer.file, 'base64');
}

/** The column of a language picked in the dialog: the same code, else the same language in another dialect. */
export function findColumn(languages: readonly string[], wanted: string): number {
  const code = wanted.toLowerCase();
  const exact = languages.indexOf(code);
  if (exact >= 0) return exact;
  const base = code.split('-')[0];
  return languages.findIndex((language) => language.split('-')[0] === base);
}

/**
 * The errors every pair's reading found: the file's own (quotes, encoding, a row of the source column), which
 * no choice of pairs avoids. A pair's own (a gap in its target column) is reported when it is created.
 */
export function problemsOfEveryPair(issuesByPair: readonly GlossaryIssue[][]): GlossaryIssue[] {
  const key = (issue: GlossaryIssue) => `${issue.line}:${issue.column ?? ''}:${issue.code}:${issue.message}`;
  const [first = [], ...rest] = issuesByPair;
  const others = rest.map((issues) => new Set(issues.map(key)));
  return first.filter((issue) => issue.severity === 'error' && others.every((seen) => seen.has(key(issue))));
}
