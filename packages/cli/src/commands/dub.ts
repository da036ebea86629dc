// `dubkit dub <file|link> --to es,de-de`: every input is checked before anything is uploaded or paid for, then
// upload (byte bar), one project per language, live lines, and each language's files downloaded as it finishes.
import { stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { AbortError, type MediaRecord } from '@dubkit/core';
import { parseGlossaryCsv } from '@dubkit/glossary-csv';
import { buildSrtUpload, type SrtUpload, SrtUploadError } from '@dubkit/srt';
import type { Context } from '../context.ts';
import { EXIT, inputError, usageError } from '../exit-codes.ts';
import { type FollowResult, followProjects } from '../follow.ts';
import { formatIssue, plural } from '../format.ts';
import { readTextFile } from '../input.ts';
import { onInterrupt, resumeHint } from '../interrupt.ts';
import { progressFor } from '../progress.ts';

export interface DubOptions {
  to: string;
  from?: string;
  speakers?: string;
  glossary?: string;
  srt?: string;
  out: string;
  name?: string;
}

const LINK = /^[a-z][a-z0-9+.-]*:\/\//i;
const LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/;

export function parseLanguages(list: string): string[] {
  const languages = [...new Set(list.split(',').map((lang) => lang.trim().toLowerCase().replace('_', '-')))];
  const bad = languages.filter((lang) => !LANGUAGE.test(lang));
  if (languages.length === 0 || bad.length > 0) {
    throw usageError(
      `--to takes languages such as es,de-de,pt-br; not ${JSON.stringify(bad.join(',') || list)}`,
    );
  }
  return languages;
}

interface Plan {
  languages: string[];
  from: string | undefined;
  speakers: number | undefined;
  /** Glossary entries per destination language, ready to create. */
  glossaries: Map<
    string,
    { name: string; src_lang: string; dst_lang: string; entries: Record<string, string> }
  >;
  /** SRT uploads per destination language (a language without its own translation shares the source's). */
  transcripts: Map<string, SrtUpload>;
}

/** Reads and checks --glossary and --srt for every language, printing each issue; nothing is sent yet. */
async function plan(context: Context, options: DubOptions): Promise<Plan> {
  const languages = parseLanguages(options.to);
  const from = options.from?.trim().toLowerCase();
  if (from !== undefined && !/^[a-z]{2,3}$/.test(from)) {
    throw usageError(
      `--from takes a language without dialect, such as en; not ${JSON.stringify(options.from)}`,
    );
  }
  let speakers: number | undefined;
  if (options.speakers !== undefined) {
    speakers = Number(options.speakers);
    if (!Number.isInteger(speakers) || speakers < 1) {
      throw usageError(
        `--speakers takes a whole number of at least 1, not ${JSON.stringify(options.speakers)}`,
      );
    }
  }
  const glossaries: Plan['glossaries'] = new Map();
  if (options.glossary !== undefined) {
    const bytes = await readTextFile(options.glossary);
    // The file is read once per language, so an issue of the file itself would be reported once per language.
    const reported = new Set<string>();
    let errors = 0;
    for (const lang of languages) {
      const parsed = parseGlossaryCsv(bytes, { ...(from ? { srcLang: from } : {}), dstLang: lang });
      for (const issue of parsed.issues) {
        // Each read takes one pair of columns on purpose: the others are not "ignored" as the parser warns.
        if (issue.code === 'extra-languages' && languages.length > 1) continue;
        const line = formatIssue(options.glossary, issue);
        if (reported.has(line)) continue;
        reported.add(line);
        if (issue.severity === 'error') errors++;
        context.note(line);
      }
      const srcLang = from ?? parsed.srcLang;
      if (!srcLang) throw usageError('--glossary needs --from, or a header row naming the languages');
      const name = `${basename(options.glossary, extname(options.glossary))} ${srcLang}-${lang}`;
      glossaries.set(lang, { name, src_lang: srcLang, dst_lang: lang, entries: parsed.entries });
    }
    if (errors > 0) throw inputError(`${options.glossary}: ${plural(errors, 'error')}; nothing was sent`);
  }
  const transcripts: Plan['transcripts'] = new Map();
  if (options.srt !== undefined) {
    if (!from) throw usageError('--srt needs --from: the language of the first (source) subtitle file');
    const [source, ...translations] = options.srt.split(',').map((path) => path.trim());
    const sourceText = await readTextFile(source!);
    const byLanguage = new Map<string, { path: string; bytes: Buffer }>();
    for (const path of translations) {
      const lang = /\.([a-z]{2,3}(?:[-_][a-z0-9]{2,8})?)\.srt$/i
        .exec(path)?.[1]
        ?.toLowerCase()
        .replace('_', '-');
      if (!lang || !languages.includes(lang)) {
        throw usageError(
          `${path}: a translation's name ends in .<language>.srt with a language of --to (${languages.join(', ')})`,
        );
      }
      byLanguage.set(lang, { path, bytes: await readTextFile(path) });
    }
    for (const lang of languages) {
      const translation = byLanguage.get(lang);
      try {
        transcripts.set(
          lang,
          buildSrtUpload({
            src: { lang: from, srt: sourceText },
            ...(translation ? { dst: { lang, srt: translation.bytes } } : {}),
          }),
        );
      } catch (error) {
        if (!(error instanceof SrtUploadError)) throw error;
        for (const issue of error.issues) {
          const file = issue.side === 'dst' && translation ? translation.path : source!;
          context.note(formatIssue(file, issue));
        }
        throw inputError(
          `the subtitles cannot be used: ${plural(error.issues.length, 'issue')}; nothing was sent`,
        );
      }
    }
  }
  return { languages, from, speakers, glossaries, transcripts };
}

export async function dub(context: Context, input: string, options: DubOptions): Promise<number> {
  const isLink = LINK.test(input);
  if (!isLink) {
    const info = await stat(input).catch((error: NodeJS.ErrnoException) => {
      throw usageError(`cannot read ${input}: ${error.code ?? error.message}`);
    });
    if (!info.isFile()) throw usageError(`${input} is not a file`);
  }
  const steps = await plan(context, options);
  const name = options.name ?? (isLink ? linkName(input) : basename(input));
  const stem = (name ?? 'dub').replace(/\.[^.]+$/, '') || 'dub';
  const out = resolve(context.io.cwd, options.out);
  const { client } = context;
  const progress = progressFor(context, steps.languages);
  const interrupt = onInterrupt();
  const signal = interrupt.signal;
  const ids: string[] = [];
  try {
    let media: MediaRecord;
    if (isLink) {
      progress.log(`Linking ${input}`);
      media = await client.media.uploadLink({ link: input, name: stem }, { signal });
    } else {
      const size = (await stat(input)).size;
      const bar = progress.upload(basename(input), size);
      media = await client.media.upload(input, {
        name: stem,
        signal,
        onProgress: ({ sent }) => bar.update(sent),
      });
      bar.finish();
    }
    await client.media.waitUntilReady(media.id, { signal, intervalMs: Math.min(context.interval, 1000) });

    const followed = [];
    for (const lang of steps.languages) {
      const glossary = steps.glossaries.get(lang);
      const glossaryId = glossary ? (await client.glossaries.create(glossary, { signal })).id : undefined;
      const transcript = steps.transcripts.get(lang);
      const transcriptId = transcript
        ? (
            await client.transcriptions.createFromSrt(
              { form: transcript.form, query: transcript.query },
              { signal },
            )
          ).id
        : undefined;
      const project = await client.projects.create(
        {
          video_id: media.id,
          dst_lang: lang,
          name: stem,
          ...(steps.from ? { src_lang: steps.from } : {}),
          ...(steps.speakers ? { num_speakers: steps.speakers } : {}),
          ...(glossaryId ? { glossary_id: glossaryId } : {}),
          ...(transcriptId ? { transcript_id: transcriptId } : {}),
        },
        { signal },
      );
      ids.push(project.id);
      // Said at once, so that an id is known even if the terminal is closed before the end.
      progress.log(`${lang}: project ${project.id}`);
      followed.push({ id: project.id, label: lang, stem });
    }

    const results = await followProjects(context, followed, { out, signal, progress });
    progress.stop();
    report(context, media, results);
    return results.some((result) => result.failed) ? EXIT.failed : EXIT.ok;
  } catch (error) {
    progress.stop();
    if (signal.aborted || error instanceof AbortError) {
      context.note(ids.length > 0 ? resumeHint(ids, options.out) : 'Stopped before any project was created.');
      context.result({ interrupted: true, projects: ids });
      return EXIT.interrupted;
    }
    // A later language refused (credits ran out, say) leaves the earlier ones running: say how to follow them.
    if (ids.length > 0) {
      context.note(
        `${plural(ids.length, 'project')} already started: dubkit wait ${ids.join(' ')} --out ${options.out}`,
      );
    }
    throw error;
  } finally {
    interrupt.dispose();
  }
}

/** A name for a linked video: YouTube's `v=` id, else the link's last path segment, else its host. */
export function linkName(link: string): string {
  const url = new URL(link);
  return url.searchParams.get('v') ?? url.pathname.split('/').filter(Boolean).pop() ?? url.hostname;
}

function report(context: Context, media: MediaRecord, results: FollowResult[]): void {
  context.result({ media: { id: media.id }, projects: results });
  for (const result of results) {
    if (result.failed) {
      context.say(`${result.language}: failed (${result.error ?? result.status}), project ${result.id}`);
      continue;
    }
    context.say(`${result.language}: done, project ${result.id}`);
    for (const path of Object.values(result.files ?? {})) context.say(`  ${path}`);
  }
}
