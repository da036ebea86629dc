// Glossaries from Slack: a .csv/.tsv file parsed with @dubkit/glossary-csv (issues kept with their line
// numbers), created on the service or, under a name already known, updated (a new version); listed, shown,
// exported back to CSV and deleted; and a channel's default glossary per language pair, applied to a job's
// languages that were not given a glossary explicitly. The service has no list endpoint, so the store keeps
// the glossaries this app made.
import { formatGlossaryCsv, GlossaryCsvError, parseGlossaryCsv } from '@dubkit/glossary-csv';
import { type EditingService, RefusedError } from '../../jobs/editing-service.ts';
import type { GlossaryRecord, Job, Store, Target } from '../../store/store.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import { glossaryList, glossaryShown, importReport } from './blocks.ts';
import { normalizeDestination, normalizeSource } from '../../domain/languages.ts';

export interface ImportInput {
  bytes: Uint8Array;
  fileName: string;
  name: string;
  /** Chosen in the dialog; null to take them from the file's header. */
  srcLang: string | null;
  dstLang: string | null;
  channel: string;
  userId: string;
  makeDefault: boolean;
}

export class GlossaryService {
  readonly #store: Store;
  readonly #editing: EditingService;
  readonly #now: () => number;

  constructor(options: { store: Store; editing: EditingService; now?: () => number }) {
    this.#store = options.store;
    this.#editing = options.editing;
    this.#now = options.now ?? Date.now;
  }

  /** Parses a file and saves it as a glossary unless a line has an error; returns the report to post. */
  async importFile(input: ImportInput): Promise<MessageContent> {
    const report = (problem: string, issues: Parameters<typeof importReport>[0]['issues'] = []) =>
      importReport({ fileName: input.fileName, userId: input.userId, issues, problem });
    const name = input.name.trim();
    if (!name) return report('give the glossary a name.');
    let parsed: ReturnType<typeof parseGlossaryCsv>;
    try {
      parsed = parseGlossaryCsv(input.bytes, {
        ...(input.srcLang ? { srcLang: input.srcLang } : {}),
        ...(input.dstLang ? { dstLang: input.dstLang } : {}),
      });
    } catch (error) {
      if (error instanceof GlossaryCsvError) return report(error.message);
      throw error;
    }
    const issues = parsed.issues;
    const src = normalizeSource(input.srcLang ?? parsed.srcLang ?? '');
    const dst = normalizeDestination(input.dstLang ?? parsed.dstLang ?? '');
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
    if (existing && (existing.srcLang !== src || existing.dstLang !== dst)) {
      return report(
        `a glossary named "${existing.name}" already exists for ${existing.srcLang}→${existing.dstLang}; pick another name.`,
        issues,
      );
    }
    let saved: { id: string; name: string; version: number };
    let updated = false;
    try {
      const remote = existing ? await this.#editing.getGlossary(existing.id) : undefined;
      if (existing && remote) {
        // The same name in other letter case is the same glossary: it keeps its name.
        saved = await this.#editing.updateGlossary(existing.id, { name: existing.name, entries });
        updated = true;
      } else {
        saved = await this.#editing.createGlossary({ name, src_lang: src, dst_lang: dst, entries });
      }
    } catch (error) {
      if (error instanceof RefusedError) return report(`the service refused it: ${error.message}`, issues);
      throw error;
    }
    const record: GlossaryRecord = {
      id: saved.id,
      name: saved.name,
      srcLang: src,
      dstLang: dst,
      version: saved.version,
      channel: input.channel,
      createdBy: input.userId,
      updatedAt: this.#now(),
    };
    await this.#store.saveGlossary(record);
    if (input.makeDefault) this.setDefault(input.channel, record.id, input.userId);
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

  async list(channel: string): Promise<MessageContent> {
    return glossaryList(await this.#store.glossaries(), await this.defaultsOf(channel));
  }

  /** The glossaries offered in a channel's picker: every one this app knows, the channel's own first. */
  async offered(channel: string): Promise<GlossaryRecord[]> {
    const all = await this.#store.glossaries();
    return [...all.filter((g) => g.channel === channel), ...all.filter((g) => g.channel !== channel)];
  }

  async defaultsOf(channel: string): Promise<string[]> {
    const ids = (await this.#store.channelSettings(channel))?.glossaryIds ?? [];
    const known = await Promise.all(ids.map((id) => this.#store.getGlossary(id)));
    return ids.filter((_, i) => known[i] !== undefined);
  }

  async show(name: string): Promise<MessageContent | string> {
    const found = await this.#find(name);
    if (typeof found === 'string') return found;
    const remote = await this.#editing.getGlossary(found.id);
    if (!remote) return await this.#gone(found);
    return glossaryShown({ ...found, version: remote.version }, remote.entries);
  }

  /** The glossary as a CSV file (header naming the languages). */
  async exportCsv(name: string): Promise<{ fileName: string; content: string } | string> {
    const found = await this.#find(name);
    if (typeof found === 'string') return found;
    const remote = await this.#editing.getGlossary(found.id);
    if (!remote) return await this.#gone(found);
    const content = formatGlossaryCsv(
      { entries: remote.entries, src_lang: found.srcLang, dst_lang: found.dstLang },
      { format: 'csv', forSpreadsheet: true },
    );
    const stem = found.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'glossary';
    return { fileName: `${stem}.${found.srcLang}-${found.dstLang}.csv`, content };
  }

  async remove(name: string): Promise<string> {
    const found = await this.#find(name);
    if (typeof found === 'string') return found;
    await this.#editing.deleteGlossary(found.id);
    await this.#forget(found);
    return `🗑 Deleted the glossary *${found.name}*.`;
  }

  /** Makes a glossary the channel's default for its language pair (replacing the pair's previous one). */
  async setDefault(channel: string, glossaryId: string, userId: string): Promise<string> {
    const glossary = await this.#store.getGlossary(glossaryId);
    if (!glossary) return 'That glossary no longer exists.';
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
    return `⭐ *${glossary.name}* is now the default glossary for ${glossary.srcLang}→${glossary.dstLang} in <#${channel}>.`;
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
        await this.#store.setTargetOptions(job.id, target.dstLang, { glossaryId: glossary.id, transcriptId: null });
    }
  }

  async #find(name: string): Promise<GlossaryRecord | string> {
    return (
      (await this.#store.findGlossary(name)) ??
      `There is no glossary named "${name}". \`/dub glossary list\` shows them.`
    );
  }

  async #gone(glossary: GlossaryRecord): Promise<string> {
    await this.#forget(glossary);
    return `The glossary "${glossary.name}" no longer exists on the service; it was removed from the list.`;
  }

  /** Defaults naming a forgotten glossary are skipped wherever they are read. */
  async #forget(glossary: GlossaryRecord): Promise<void> {
    await this.#store.deleteGlossary(glossary.id);
  }
}
