// Glossaries from Slack: a .csv/.tsv file parsed with @dubkit/glossary-csv (issues kept with their line
// numbers), created on the service or, under a name already known, updated (a new version); listed, shown,
// exported back to CSV and deleted; and a channel's default glossary per language pair, applied to a job's
// languages that were not given a glossary explicitly. The service has no list endpoint, so the store keeps
// the glossaries this app made.

import {
  formatGlossaryCsv,
  GlossaryCsvError,
  type GlossaryTable,
  parseGlossaryCsv,
} from '@dubkit/glossary-csv';
import type { Logger } from 'pino';
import { languageName, normalizeDestination, normalizeSource } from '../../domain/languages.ts';
import { MAX_MESSAGE_CHARS } from '../../domain/limits.ts';
import { indexOfAscii, type SlackMessage } from '../../domain/requests.ts';
import { type DubbingService, RefusedError } from '../../dubbing/service.ts';
import { holdsInternals, publicFailure, scrub } from '../../errors/public.ts';
import type { FilePayload } from '../../outbox/payloads.ts';
import { type ReadSlackFile, SlackFileError } from '../../slack/files.ts';
import type { GlossaryImport, GlossaryRecord, Job, Store, Target } from '../../store/store.ts';
import { escapeText, type MessageContent } from '../../ui/blocks.ts';
import type { FeatureServiceOptions } from '../service-options.ts';
import { glossaryList, glossaryShown, importReport } from './blocks.ts';
import { Termbases } from './termbases.ts';

export interface ImportInput {
  bytes: Uint8Array;
  /** The same file already decoded and split (a termbase's, read once for all its pairs): parsed from instead. */
  table?: GlossaryTable;
  fileName: string;
  name: string;
  /** Chosen in the dialog; null to take them from the file's header. */
  srcLang: string | null;
  dstLang: string | null;
  channel: string;
  userId: string;
  makeDefault: boolean;
  /** Set when this is one pair chosen from a termbase's offer (termbases.ts). */
  onePairOfMany?: boolean;
}

/** The service keeps whole glossaries under 10 MB; a file this big cannot be one. */
const MAX_GLOSSARY_FILE_BYTES = 20 * 1024 * 1024;
/** An import that keeps failing (Slack or the service unreachable) is reported after this many tries. */
const MAX_IMPORT_TRIES = 5;

export interface GlossaryServiceOptions extends FeatureServiceOptions {
  downloadFile: ReadSlackFile;
  /** Wakes the loop that runs recorded imports. */
  wakeImports: () => void;
  logger: Logger;
  /** ADMIN_USER_IDS: who may see and change any channel's glossaries (nobody when not given). */
  isAdmin?: (user: string) => boolean;
}

/** Where a request about a glossary comes from: a glossary is its channel's (or an admin's) to use. */
export interface GlossaryCaller {
  channel: string;
  userId: string;
}

export class GlossaryService {
  readonly #o: GlossaryServiceOptions;
  readonly #store: Store;
  readonly #service: DubbingService;
  readonly #now: () => number;
  /** Files with more than two languages: their glossaries offered for a choice before any is created. */
  readonly termbases: Termbases;

  constructor(options: GlossaryServiceOptions) {
    this.#o = options;
    this.#store = options.store;
    this.#service = options.service;
    this.#now = options.now ?? Date.now;
    this.termbases = new Termbases({
      store: options.store,
      now: this.#now,
      wakeDeliverer: options.wakeDeliverer,
      wakeImports: options.wakeImports,
      importFile: (input) => this.importFile(input),
    });
  }

  /**
   * A .csv/.tsv shared with a message that mentions the app and says "glossary [name]": recorded as an import
   * whose report goes in the message's thread. True when the message is a glossary drop (recorded here, or to
   * be recorded from its file share event); once per message, whether the mention or the file share arrives
   * first.
   */
  async importDropped(message: SlackMessage): Promise<boolean> {
    const name = glossaryRequest(message.text ?? '');
    if (name === undefined) return false;
    const file = (message.files ?? []).find((f) => /\.(csv|tsv|txt)$/i.test(f.name ?? ''));
    // The mention may come without the file; the file share event of the same message brings it.
    if (!file?.url_private_download) return (message.files ?? []).length === 0;
    const fileName = file.name ?? 'glossary.csv';
    await this.#request({
      key: `glossary:${message.channel}:${message.ts}`,
      channel: message.channel,
      threadTs: message.thread_ts ?? message.ts,
      url: file.url_private_download,
      fileName,
      name: name || fileName.replace(/\.(csv|tsv|txt)$/i, ''),
      srcLang: null,
      dstLang: null,
      userId: message.user ?? '',
      makeDefault: false,
    });
    return true;
  }

  /** The upload dialog's file, recorded as an import whose report goes in the channel (under `key`, once). */
  async importUpload(key: string, url: string, input: Omit<ImportInput, 'bytes'>): Promise<void> {
    await this.#request({ key, threadTs: null, url, ...input });
  }

  /**
   * Runs a recorded import: downloads the file, imports it and posts the report, in its thread or channel. A
   * termbase with no target language chosen is offered for a choice instead (nothing created); the import
   * its "Create glossaries" records creates the chosen pairs from the kept file. A failure Slack or the
   * service may get over is tried again later (false); one that retrying cannot fix, or the last try, is
   * reported.
   */
  async runImport(request: GlossaryImport): Promise<boolean> {
    let report: MessageContent;
    try {
      if (request.offerId) {
        report = await this.termbases.importChosen(request);
      } else {
        const bytes = await this.#o.downloadFile(request.url, MAX_GLOSSARY_FILE_BYTES);
        const offered = await this.termbases.offer(request, bytes);
        if (offered && 'offered' in offered) return true;
        report = offered?.report ?? (await this.importFile({ ...request, bytes, channel: request.channel }));
      }
    } catch (error) {
      const final = error instanceof SlackFileError || request.failures + 1 >= MAX_IMPORT_TRIES;
      if (!final) {
        this.#o.logger.warn(
          { err: error, import: request.key },
          'importing a glossary failed; tried again later',
        );
        return false;
      }
      // Slack's or the service's words go to the log under a request id; the report says what to do.
      const failure = publicFailure(
        this.#o.logger,
        error,
        error instanceof SlackFileError
          ? scrub(error.message)
          : 'Slack or the dubbing service did not answer',
        'Upload it again in a few minutes; if it keeps failing, give your Slack admin this request id',
        '',
      );
      report = importReport({
        fileName: request.fileName,
        userId: request.userId,
        issues: [],
        problem: failure.text,
      });
    }
    const to = { channel: request.channel, threadTs: request.threadTs };
    await this.#store.finishImport(
      request.key,
      {
        key: request.key,
        jobId: request.key,
        kind: 'reply',
        inThread: to.threadTs !== null,
        payload: report,
        to,
      },
      this.#now(),
    );
    this.#o.wakeDeliverer();
    return true;
  }

  async #request(request: Omit<GlossaryImport, 'failures'>): Promise<void> {
    if (await this.#store.requestImport(request, this.#now())) this.#o.wakeImports();
  }

  /** Posts the glossary as a CSV file in the channel (under `key`, once); a problem in words otherwise. */
  async exportToChannel(
    key: string,
    name: string,
    channel: string,
    userId: string,
  ): Promise<string | undefined> {
    const file = await this.exportCsv(name, { channel, userId });
    if (typeof file === 'string') return file;
    const payload: FilePayload = {
      filename: file.fileName,
      content: file.content,
      comment: `📒 <@${userId}> exported the glossary *${escapeText(name)}*.`,
    };
    await this.#store.enqueue(
      { key, jobId: key, kind: 'file', inThread: false, payload, to: { channel, threadTs: null } },
      this.#now(),
    );
    this.#o.wakeDeliverer();
    return undefined;
  }

  /** Makes the glossary of that name the channel's default for its pair. */
  async setDefaultByName(channel: string, name: string, userId: string): Promise<string> {
    const found = await this.#find(name, { channel, userId });
    return typeof found === 'string' ? found : this.setDefault(channel, found.id, userId);
  }

  /** Parses a file and saves it as a glossary unless a line has an error; returns the report to post. */
  async importFile(input: ImportInput): Promise<MessageContent> {
    const report = (problem: string, issues: Parameters<typeof importReport>[0]['issues'] = []) =>
      importReport({ fileName: input.fileName, userId: input.userId, issues, problem });
    const name = input.name.trim();
    if (!name) return report('give the glossary a name.');
    // A name is shown to everyone in the channel and in every picker: one holding an address, a path or a
    // token is refused here, with the scrubber's own patterns, rather than shown or silently changed.
    if (holdsInternals(name))
      return report('give the glossary a name without a link, an address, a file path or a token.');
    let parsed: ReturnType<typeof parseGlossaryCsv>;
    try {
      parsed = parseGlossaryCsv(input.table ?? input.bytes, {
        ...(input.srcLang ? { srcLang: input.srcLang } : {}),
        ...(input.dstLang ? { dstLang: input.dstLang } : {}),
      });
    } catch (error) {
      if (error instanceof GlossaryCsvError) return report(error.message);
      throw error;
    }
    const src = normalizeSource(input.srcLang ?? parsed.srcLang ?? '');
    const dst = normalizeDestination(input.dstLang ?? parsed.dstLang ?? '');
    // The library's words name its options and the CLI's flags; in Slack the dialog's choice is the way.
    const issues = parsed.issues.flatMap((issue) =>
      issue.code === 'extra-languages' && input.onePairOfMany
        ? []
        : issue.code === 'extra-languages'
          ? {
              ...issue,
              message: `the file has more language columns; this glossary takes ${src && dst ? `${languageName(src)} → ${languageName(dst)}` : 'one pair'} only. To be offered a glossary for each language pair, upload it again with \`/dub glossary\` and leave the target language as “From the file’s header”.`,
            }
          : issue,
    );
    if (issues.some((i) => i.severity === 'error')) {
      return importReport({ fileName: input.fileName, userId: input.userId, issues });
    }
    if (!src || !dst) {
      return report(
        'the file does not name its languages in a header (like `en,es`); pick the source and target languages in the dialog.',
        issues,
      );
    }
    const entries = parsed.entries;
    if (Object.keys(entries).length === 0) return report('the file has no term pairs.', issues);
    const existing = await this.#store.findGlossary(name);
    // Names are unique across channels: another channel's glossary is not overwritten from here.
    if (existing && !this.#mayUse(existing, input)) {
      return report(`the name "${name}" is taken by another channel's glossary; pick another name.`, issues);
    }
    if (existing && (existing.srcLang !== src || existing.dstLang !== dst)) {
      return report(
        `a glossary named "${existing.name}" already exists for ${existing.srcLang}→${existing.dstLang}; pick another name.`,
        issues,
      );
    }
    let saved: { id: string; name: string; version: number };
    let updated = false;
    try {
      const remote = existing ? await this.#service.getGlossary(existing.id) : undefined;
      if (existing && remote) {
        // The same name in other letter case is the same glossary: it keeps its name.
        saved = await this.#service.updateGlossary(existing.id, { name: existing.name, entries });
        updated = true;
      } else {
        saved = await this.#service.createGlossary({ name, src_lang: src, dst_lang: dst, entries });
      }
    } catch (error) {
      if (error instanceof RefusedError) {
        const failure = publicFailure(
          this.#o.logger,
          error,
          'the dubbing service refused it',
          'Check the file and upload it again; if it keeps being refused, give your Slack admin this request id',
        );
        return report(failure.text, issues);
      }
      throw error;
    }
    const record: GlossaryRecord = {
      id: saved.id,
      name: saved.name,
      srcLang: src,
      dstLang: dst,
      version: saved.version,
      // An update keeps its owner: an admin's upload elsewhere does not move it.
      channel: existing?.channel ?? input.channel,
      createdBy: input.userId,
      updatedAt: this.#now(),
    };
    await this.#store.saveGlossary(record);
    if (input.makeDefault) await this.setDefault(input.channel, record.id, input.userId);
    return importReport({
      fileName: input.fileName,
      userId: input.userId,
      issues,
      saved: {
        glossary: record,
        updated,
        entries: Object.keys(entries).length,
        isDefault: (await this.defaultsOf(input.channel)).includes(record.id),
        channel: input.channel,
      },
    });
  }

  /** The channel's own glossaries (another channel's, even their names, are not shown). */
  async list(channel: string): Promise<MessageContent> {
    const own = (await this.#store.glossaries()).filter((g) => g.channel === channel);
    return glossaryList(own, await this.defaultsOf(channel));
  }

  /** The glossaries offered in a channel's picker: the channel's own. */
  async offered(channel: string): Promise<GlossaryRecord[]> {
    return (await this.#store.glossaries()).filter((g) => g.channel === channel);
  }

  async defaultsOf(channel: string): Promise<string[]> {
    const ids = (await this.#store.channelSettings(channel))?.glossaryIds ?? [];
    const known = await Promise.all(ids.map((id) => this.#store.getGlossary(id)));
    return ids.filter((_, i) => known[i] !== undefined);
  }

  async show(name: string, caller: GlossaryCaller): Promise<MessageContent | string> {
    const found = await this.#find(name, caller);
    if (typeof found === 'string') return found;
    const remote = await this.#service.getGlossary(found.id);
    if (!remote) return await this.#gone(found);
    return glossaryShown({ ...found, version: remote.version }, remote.entries);
  }

  /** The glossary as a CSV file (header naming the languages). */
  async exportCsv(
    name: string,
    caller: GlossaryCaller,
  ): Promise<{ fileName: string; content: string } | string> {
    const found = await this.#find(name, caller);
    if (typeof found === 'string') return found;
    const remote = await this.#service.getGlossary(found.id);
    if (!remote) return await this.#gone(found);
    const content = formatGlossaryCsv(
      { entries: remote.entries, src_lang: found.srcLang, dst_lang: found.dstLang },
      { format: 'csv', forSpreadsheet: true },
    );
    const stem = found.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'glossary';
    return { fileName: `${stem}.${found.srcLang}-${found.dstLang}.csv`, content };
  }

  async remove(name: string, caller: GlossaryCaller): Promise<string> {
    const found = await this.#find(name, caller);
    if (typeof found === 'string') return found;
    await this.#service.deleteGlossary(found.id);
    await this.#forget(found);
    return `🗑 Deleted the glossary *${escapeText(found.name)}*.`;
  }

  /** Makes a glossary the channel's default for its language pair (replacing the pair's previous one). */
  async setDefault(channel: string, glossaryId: string, userId: string): Promise<string> {
    const glossary = await this.#store.getGlossary(glossaryId);
    if (!glossary || !this.#mayUse(glossary, { channel, userId })) return 'That glossary no longer exists.';
    const settings = await this.#store.channelSettings(channel);
    const current = settings?.glossaryIds ?? [];
    const records = await Promise.all(current.map((id) => this.#store.getGlossary(id)));
    const others = current.filter((_, i) => {
      const g = records[i];
      return g && !(g.srcLang === glossary.srcLang && g.dstLang === glossary.dstLang);
    });
    await this.#store.saveChannelSettings({
      channel,
      dstLangs: settings?.dstLangs ?? [],
      glossaryIds: [...others, glossary.id],
      updatedBy: userId,
      updatedAt: this.#now(),
    });
    return `⭐ *${escapeText(glossary.name)}* is now the default glossary for ${glossary.srcLang}→${glossary.dstLang} in <#${channel}>.`;
  }

  /**
   * Before a job's projects are created: a language with no glossary chosen gets the channel's default for
   * its pair (the job's source language, when known, must match).
   */
  async applyDefaults(job: Job, targets: Target[]): Promise<void> {
    const ids = await this.defaultsOf(job.channel);
    const defaults = (await Promise.all(ids.map((id) => this.#store.getGlossary(id)))).filter(
      (g): g is GlossaryRecord => g !== undefined,
    );
    for (const target of targets) {
      if (await this.#store.targetOptions(job.id, target.dstLang)) continue;
      const glossary = defaults.find(
        (g) => g.dstLang === target.dstLang && (job.srcLang === null || g.srcLang === job.srcLang),
      );
      if (glossary)
        await this.#store.setTargetOptions(job.id, target.dstLang, {
          glossaryId: glossary.id,
          transcriptId: null,
        });
    }
  }

  /** The glossary of that name, when the caller may use it; otherwise the same answer as for no glossary. */
  async #find(name: string, caller: GlossaryCaller): Promise<GlossaryRecord | string> {
    const found = await this.#store.findGlossary(name);
    if (found && this.#mayUse(found, caller)) return found;
    return `There is no glossary named "${escapeText(name)}" here. \`/dub glossary list\` shows this channel's.`;
  }

  /** A glossary is its channel's: shown, exported, changed, deleted and made a default there, or by an admin. */
  #mayUse(glossary: GlossaryRecord, caller: GlossaryCaller): boolean {
    return glossary.channel === caller.channel || (this.#o.isAdmin?.(caller.userId) ?? false);
  }

  async #gone(glossary: GlossaryRecord): Promise<string> {
    await this.#forget(glossary);
    return `The glossary "${escapeText(glossary.name)}" no longer exists on the service; it was removed from the list.`;
  }

  /** Defaults naming a forgotten glossary are skipped wherever they are read. */
  async #forget(glossary: GlossaryRecord): Promise<void> {
    await this.#store.deleteGlossary(glossary.id);
  }
}

/**
 * The glossary name a message asks for ("" for the file's name), or undefined when it asks for none: the
 * word `glossary` (after the start or a space, mentions `<@…>` set aside), then `:` or spaces, then the name.
 * Index loops, not regular expressions: a mention full of `<` made the old patterns backtrack (quadratic).
 */
export function glossaryRequest(text: string): string | undefined {
  const plain = withoutMentions(
    text.length > MAX_MESSAGE_CHARS ? text.slice(0, MAX_MESSAGE_CHARS) : text,
  ).trim();
  const word = 'glossary';
  for (let at = indexOfAscii(plain, word, 0); at >= 0; at = indexOfAscii(plain, word, at + word.length)) {
    const before = at === 0 ? ' ' : (plain[at - 1] ?? ' ');
    const after = plain[at + word.length];
    if (!/\s/.test(before) || (after !== undefined && /\w/.test(after))) continue;
    let start = at + word.length;
    while (start < plain.length && (plain[start] === ':' || /\s/.test(plain[start] ?? ''))) start++;
    return plain.slice(start).trim().slice(0, 100);
  }
  return undefined;
}

/** The text with each user mention `<@…>` replaced by a space; every character is looked at once or twice. */
function withoutMentions(text: string): string {
  let out = '';
  let from = 0;
  for (let open = text.indexOf('<@'); open >= 0; open = text.indexOf('<@', from)) {
    const close = text.indexOf('>', open + 2);
    if (close < 0) break;
    // `[^>]+` in the old pattern: a mention has at least one character between `<@` and `>`.
    if (close === open + 2) {
      out += text.slice(from, close + 1);
    } else {
      out += `${text.slice(from, open)} `;
    }
    from = close + 1;
  }
  return out + text.slice(from);
}
