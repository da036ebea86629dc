// `dubkit dub <file|link…> --to es,de-de`: every input is checked before anything is uploaded or paid for (the
// languages against the service's list, each file's kind, the files a download would replace, the minutes left),
// then upload (byte bar), one project per language, live lines, and each language's files downloaded as it
// finishes. `--dry-run` stops after the checks and prints the plan.
import { stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { AbortError, type MediaRecord } from '@dubkit/core';
import { parseGlossaryCsv } from '@dubkit/glossary-csv';
import { buildSrtUpload, type SrtUpload, SrtUploadError } from '@dubkit/srt';
import type { Context } from '../context.ts';
import { EXIT, inputError, usageError } from '../exit-codes.ts';
import { type FollowResult, followProjects } from '../follow.ts';
import { formatIssue, plural } from '../format.ts';
import { fileError, readTextFile } from '../input.ts';
import { onInterrupt, resumeCommand, resumeHint } from '../interrupt.ts';
import { languageOption, parseLanguages } from '../languages.ts';
import { inspectMediaFile } from '../media-file.ts';
import { fileStem, type OutputTarget, refuseCollisions, refuseOverwrite } from '../outputs.ts';
import { progressFor } from '../progress.ts';
import { type SubtitleChoice, subtitleChoice, subtitleFlags } from '../subtitle-formats.ts';

export interface DubOptions {
  to?: string;
  force?: boolean;
  dryRun?: boolean;
  from?: string;
  speakers?: string;
  glossary?: string;
  srt?: string;
  out: string;
  name?: string;
  formats?: string;
  frameRate?: string;
}

const LINK = /^[a-z][a-z0-9+.-]*:\/\//i;
/** `vimeo.com/123`, `www.youtube.com/watch?v=…`: a link written without its scheme. */
const SCHEMELESS_LINK = /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}\//i;

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
  /** The subtitle files each language gets. */
  subtitles: SubtitleChoice;
}

/** Reads and checks --glossary and --srt for every language, printing each issue; nothing is sent yet. */
async function plan(context: Context, options: DubOptions): Promise<Plan> {
  // Checked here rather than by commander, which would say "--to is missing" before naming a mistyped `--too`.
  if (options.to === undefined) {
    throw usageError('dub needs --to: the languages to dub into, such as --to es,de-de (`dubkit languages`)');
  }
  const languages = parseLanguages(options.to);
  const subtitles = subtitleChoice(options);
  const from = options.from === undefined ? undefined : languageOption('--from', options.from, 'source');
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
    const bytes = await readTextFile(options.glossary, context.io.cwd);
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
        context.warn(line);
      }
      const srcLang = from ?? parsed.srcLang;
      // A header naming other languages than --to is an error of the file, reported above; not a missing header.
      if (!srcLang && parsed.issues.some((issue) => issue.severity === 'error')) continue;
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
    const sourceText = await readTextFile(source!, context.io.cwd);
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
      byLanguage.set(lang, { path, bytes: await readTextFile(path, context.io.cwd) });
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
          context.warn(formatIssue(file, issue));
        }
        throw inputError(
          `the subtitles cannot be used: ${plural(error.issues.length, 'issue')}; nothing was sent`,
        );
      }
    }
  }
  return { languages, from, speakers, glossaries, transcripts, subtitles };
}

interface Input {
  /** As given: a path or a link. */
  source: string;
  /** The file's absolute path (from the folder dubkit was run in), or the link. */
  location: string;
  isLink: boolean;
  /** Project names are this: the file's name without extension, or the link's. */
  stem: string;
  /** File names start with this: the stem made safe as a file name. */
  fileStem: string;
  /** Seconds, when known before uploading. */
  durationSeconds?: number;
}

/** Each input read or judged locally: a link as a link, a file as a video (by its first bytes). */
async function checkInput(source: string, options: DubOptions, cwd: string): Promise<Input> {
  const isLink = LINK.test(source);
  const name = options.name ?? (isLink ? linkName(source) : basename(source));
  const stem = name.replace(/\.[^.]+$/, '') || 'dub';
  const safe = fileStem(stem, 'dub');
  if (isLink) return { source, location: source, isLink, stem, fileStem: safe };
  const location = resolve(cwd, source);
  const info = await stat(location).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' && SCHEMELESS_LINK.test(source)) {
      throw usageError(`${source} is no file here; for a link, write it with its scheme: https://${source}`);
    }
    throw fileError(source, error);
  });
  if (!info.isFile()) throw usageError(`${source} is not a file`);
  const media = await inspectMediaFile(location);
  if (media.kind !== 'video' && media.kind !== 'unknown') {
    const what =
      media.kind === 'text'
        ? 'a text file'
        : `an ${media.kind} file${media.format ? ` (${media.format})` : ''}`;
    throw inputError(
      `${source} is ${what}; dub takes a video file (MP4, MOV, WebM, MKV, AVI…); nothing was uploaded`,
    );
  }
  if (media.audio === false) {
    throw inputError(
      `${source} has no sound track: there is no speech to dub; nothing was uploaded (add the audio to the video first)`,
    );
  }
  return {
    source,
    location,
    isLink,
    stem,
    fileStem: safe,
    ...(media.durationSeconds === undefined ? {} : { durationSeconds: media.durationSeconds }),
  };
}

/** What the service reserves per project: the video's length in whole minutes, rounded up, and one video. */
const minutesFor = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Refuses (exit 1) when the account has fewer minutes or videos left than the projects need; nothing is sent. */
async function checkBalance(
  context: Context,
  needed: { minutes: number; videos: number; what: string },
): Promise<{ minutes: number; videos: number }> {
  const balance = await context.client.credits.get();
  const left = {
    minutes: balance.minutes.total - balance.minutes.used,
    videos: balance.video.total - balance.video.used,
  };
  if (needed.minutes > left.minutes || needed.videos > left.videos) {
    throw inputError(
      `${needed.what} needs ${plural(needed.minutes, 'minute')} and ${plural(needed.videos, 'video')}; ` +
        `the account has ${plural(left.minutes, 'minute')} and ${plural(left.videos, 'video')} left ` +
        '(`dubkit credits`); no project was created',
    );
  }
  return left;
}

export async function dub(context: Context, sources: string[], options: DubOptions): Promise<number> {
  if (sources.length > 1 && options.name !== undefined) {
    throw usageError('--name names one video; with several, each project is named after its file');
  }
  if (sources.length > 1 && options.srt !== undefined) {
    throw usageError('--srt belongs to one video; dub the videos with subtitles one at a time');
  }
  const steps = await plan(context, options);
  const inputs: Input[] = [];
  for (const source of sources) inputs.push(await checkInput(source, options, context.io.cwd));
  const out = resolve(context.io.cwd, options.out);
  const targets: OutputTarget[] = inputs.flatMap((input) =>
    steps.languages.map((lang) => ({ folder: out, stem: input.fileStem, lang, from: input.source })),
  );
  refuseCollisions(targets);
  await refuseOverwrite(targets, steps.subtitles, options.force);
  const perLanguage = steps.languages.length;
  const known = inputs.filter((input) => input.durationSeconds !== undefined);
  const knownMinutes = known.reduce(
    (sum, input) => sum + minutesFor(input.durationSeconds!) * perLanguage,
    0,
  );
  const projectsPlanned = inputs.length * perLanguage;
  const { client } = context;
  // Before anything is uploaded: the minutes of the videos whose length is known here (MP4, QuickTime).
  const left = await checkBalance(context, {
    minutes: knownMinutes,
    videos: projectsPlanned,
    what: `dubbing into ${plural(perLanguage, 'language')}`,
  });
  if (options.dryRun) return dryRun(context, inputs, steps, out, left);

  const progress = progressFor(context, steps.languages);
  const interrupt = onInterrupt();
  const signal = interrupt.signal;
  const ids: string[] = [];
  const flags = [
    ...context.globalFlags(),
    ...subtitleFlags(steps.subtitles),
    ...(options.force ? ['--force'] : []),
  ];
  try {
    const followed = [];
    const media: MediaRecord[] = [];
    for (const input of inputs) {
      const record = await upload(context, input, progress, signal);
      media.push(record);
      // The service's length is the one it charges for: checked again before this video's projects.
      const meta = record.meta;
      const seconds =
        meta && 'duration_seconds' in meta && typeof meta.duration_seconds === 'number'
          ? meta.duration_seconds
          : undefined;
      if (seconds !== undefined) {
        await checkBalance(context, {
          minutes: minutesFor(seconds) * perLanguage,
          videos: perLanguage,
          what: `${input.source} in ${plural(perLanguage, 'language')}`,
        });
      }
      const prefix = inputs.length > 1 ? `${input.stem} ` : '';
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
            video_id: record.id,
            dst_lang: lang,
            name: input.stem,
            ...(steps.from ? { src_lang: steps.from } : {}),
            ...(steps.speakers ? { num_speakers: steps.speakers } : {}),
            ...(glossaryId ? { glossary_id: glossaryId } : {}),
            ...(transcriptId ? { transcript_id: transcriptId } : {}),
          },
          { signal },
        );
        ids.push(project.id);
        // Said at once, so that an id is known even if the terminal is closed before the end.
        progress.log(`${prefix}${lang}: project ${project.id}`);
        followed.push({ id: project.id, label: `${prefix}${lang}`, stem: input.fileStem });
      }
    }

    const results = await followProjects(context, followed, {
      out,
      subtitles: steps.subtitles,
      signal,
      progress,
    });
    progress.stop();
    report(context, media, results);
    return results.some((result) => result.failed) ? EXIT.failed : EXIT.ok;
  } catch (error) {
    progress.stop();
    if (signal.aborted || error instanceof AbortError) {
      context.warn(
        ids.length > 0 ? resumeHint(ids, options.out, flags) : 'Stopped before any project was created.',
      );
      context.result({ interrupted: true, projects: ids });
      return EXIT.interrupted;
    }
    // A later language refused (credits ran out, say) leaves the earlier ones running: say how to follow them.
    if (ids.length > 0) {
      context.warn(
        `${plural(ids.length, 'project')} already started: ${resumeCommand(['wait', ...ids], options.out, flags)}`,
      );
    }
    throw error;
  } finally {
    interrupt.dispose();
  }
}

async function upload(
  context: Context,
  input: Input,
  progress: ReturnType<typeof progressFor>,
  signal: AbortSignal,
): Promise<MediaRecord> {
  const { client } = context;
  let media: MediaRecord;
  if (input.isLink) {
    progress.log(`Linking ${input.source}`);
    media = await client.media.uploadLink({ link: input.source, name: input.stem }, { signal });
  } else {
    const size = (await stat(input.location)).size;
    const bar = progress.upload(basename(input.source), size);
    media = await client.media.upload(input.location, {
      name: input.stem,
      signal,
      onProgress: ({ sent }) => bar.update(sent),
    });
    bar.finish();
  }
  return client.media.waitUntilReady(media.id, { signal, intervalMs: Math.min(context.interval, 1000) });
}

/** `--dry-run`: the plan, its minutes and where the files would go; nothing is uploaded or created. */
function dryRun(
  context: Context,
  inputs: readonly Input[],
  steps: Plan,
  out: string,
  left: { minutes: number; videos: number },
): number {
  const perLanguage = steps.languages.length;
  const videos = inputs.map((input) => ({
    input: input.source,
    name: input.stem,
    languages: steps.languages,
    minutes: input.durationSeconds === undefined ? null : minutesFor(input.durationSeconds) * perLanguage,
    files: steps.languages.map((lang) => `${input.fileStem}.${lang}.*`),
  }));
  context.result({ dryRun: true, out, videos, left });
  for (const video of videos) {
    const minutes = video.minutes === null ? 'minutes known once uploaded' : plural(video.minutes, 'minute');
    context.say(`${video.input}: ${video.languages.join(', ')} (${minutes})`);
  }
  context.say(
    `files into ${out}; the account has ${plural(left.minutes, 'minute')} and ${plural(left.videos, 'video')} left`,
  );
  context.say('Dry run: nothing was uploaded or created.');
  return EXIT.ok;
}

/** A name for a linked video: YouTube's `v=` id, else the link's last path segment, else its host. */
export function linkName(link: string): string {
  const url = new URL(link);
  return url.searchParams.get('v') ?? url.pathname.split('/').filter(Boolean).pop() ?? url.hostname;
}

function report(context: Context, media: MediaRecord[], results: FollowResult[]): void {
  context.result({
    ...(media.length === 1 ? { media: { id: media[0]!.id } } : { media: media.map((m) => ({ id: m.id })) }),
    projects: results,
  });
  for (const result of results) {
    if (result.failed) {
      context.say(`${result.language}: failed (${result.error ?? result.status}), project ${result.id}`);
      continue;
    }
    context.say(`${result.language}: done, project ${result.id}`);
    for (const path of Object.values(result.files ?? {})) context.say(`  ${path}`);
  }
}
