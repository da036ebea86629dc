// The files a dubbed project links to, and the names they get on disk: `<name>.<lang>.mp4`,
// `<name>.<lang>.audio.wav`, `<name>.<lang>.voiceover.wav`, `<name>.<lang>.srt`, `<name>.<lang>.vtt`; and the
// subtitle files written from the SRT (`--formats`): `<name>.<lang>.ttml`, `.ebu-tt-d.xml`, `.ass`.
// Names from the service are data, never paths: every file name is built from a language of the language list,
// an extension of a fixed list and a sanitized stem, and resolved inside the output folder or refused.
import { readdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { isKnownLanguage, type Project } from '@dubkit/core';
import { inputError, usageError } from './exit-codes.ts';
import {
  convertedFormats,
  extensionOf,
  type SubtitleChoice,
  type SubtitleFormat,
} from './subtitle-formats.ts';

export const OUTPUT_KINDS = ['video', 'audio', 'voiceover', 'srt', 'vtt'] as const;
type LinkedKind = (typeof OUTPUT_KINDS)[number];
/** What a saved file is: one of the service's outputs, or a subtitle format written here. */
export type OutputKind = LinkedKind | SubtitleFormat;

const VIDEO_EXTENSIONS = ['.mp4', '.mov', '.m4v', '.webm', '.mkv'];
const AUDIO_EXTENSIONS = ['.wav', '.mp3', '.m4a', '.aac', '.flac', '.ogg'];

/** Each linked output's field, name suffix and the extensions it may take (the first when the link has none). */
const OUTPUTS: Record<LinkedKind, { field: keyof Project; suffix: string; extensions: readonly string[] }> = {
  video: { field: 'translated_video', suffix: '', extensions: VIDEO_EXTENSIONS },
  audio: { field: 'translated_audio', suffix: '.audio', extensions: AUDIO_EXTENSIONS },
  voiceover: { field: 'voiceover', suffix: '.voiceover', extensions: AUDIO_EXTENSIONS },
  srt: { field: 'translation_srt_path', suffix: '', extensions: ['.srt'] },
  vtt: { field: 'translation_vtt_path', suffix: '', extensions: ['.vtt'] },
};

/** A project name as a file name: path separators and characters Windows refuses become `-`. */
export function fileStem(name: string | undefined, fallback: string): string {
  const cleaned = (name ?? '')
    .replace(/[/\\:*?"<>|\u0000-\u001f]+/g, '-')
    .replace(/^[.\s-]+|[.\s]+$/g, '')
    .slice(0, 120);
  return cleaned || fallback;
}

/**
 * The project's language as a part of file names: only a code of the language list is, so a service answering
 * `es/../../x` names nothing outside the folder.
 */
export function outputLanguage(project: { id: string; dst_lang: string }): string {
  if (isKnownLanguage(project.dst_lang, 'destination')) return project.dst_lang;
  throw inputError(
    `the service gave project ${project.id} the language ${JSON.stringify(project.dst_lang)}, which is not in ` +
      'its language list (`dubkit languages`); nothing was written for it',
  );
}

/** `folder/name`, refused unless it is a file directly inside `folder`. */
export function outputPath(folder: string, name: string): string {
  const path = resolve(folder, name);
  if (dirname(path) !== resolve(folder)) {
    throw inputError(`${JSON.stringify(name)} would be written outside ${folder}; nothing was written there`);
  }
  return path;
}

export interface PlannedOutput {
  kind: LinkedKind;
  link: string;
  path: string;
}

/** The link's extension when it is one its kind may have, else the kind's usual one. */
function extensionFor(kind: LinkedKind, link: string): string {
  const { extensions } = OUTPUTS[kind];
  const found = /\.[a-z0-9]+$/i.exec(new URL(link, 'http://x').pathname)?.[0]?.toLowerCase();
  return found !== undefined && extensions.includes(found) ? found : extensions[0]!;
}

/**
 * Where each of the project's outputs goes in `folder`; outputs the record has no link for are left out, and so
 * are SRT and WebVTT when `subtitles` does not ask for them.
 */
export function plannedOutputs(
  project: Project,
  folder: string,
  stem: string,
  subtitles: SubtitleChoice,
): PlannedOutput[] {
  const lang = outputLanguage(project);
  return OUTPUT_KINDS.flatMap((kind) => {
    if ((kind === 'srt' || kind === 'vtt') && !subtitles.formats.includes(kind)) return [];
    const link = project[OUTPUTS[kind].field];
    if (typeof link !== 'string' || link === '') return [];
    const name = `${stem}.${lang}${OUTPUTS[kind].suffix}${extensionFor(kind, link)}`;
    return [{ kind, link, path: outputPath(folder, name) }];
  });
}

/** Every name a project's downloads may get with these subtitle formats (any extension a link may give). */
export function possibleNames(stem: string, lang: string, subtitles: SubtitleChoice): string[] {
  const linked = OUTPUT_KINDS.filter(
    (kind) => !((kind === 'srt' || kind === 'vtt') && !subtitles.formats.includes(kind)),
  ).flatMap((kind) => OUTPUTS[kind].extensions.map((ext) => `${stem}.${lang}${OUTPUTS[kind].suffix}${ext}`));
  return [...linked, ...convertedFormats(subtitles).map((format) => `${stem}.${lang}${extensionOf(format)}`)];
}

export interface OutputTarget {
  folder: string;
  /** Already a file stem (fileStem). */
  stem: string;
  lang: string;
  /** What the files come from, for messages: the input file or the project. */
  from: string;
}

/**
 * Refuses (exit 2) when two inputs of one run would save under the same names (`a/talk.mp4` and `b/talk.mp4`
 * both give `talk.es.*`): the second download would replace the first's files. Compared without case, as the
 * file systems of macOS and Windows do.
 */
export function refuseCollisions(targets: readonly OutputTarget[]): void {
  const seen = new Map<string, OutputTarget>();
  /** Per pair of inputs, the names both would write. */
  const clashes = new Map<string, string[]>();
  for (const target of targets) {
    const key = `${resolve(target.folder)}/${target.stem}.${target.lang}`.toLowerCase();
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, target);
      continue;
    }
    const pair =
      first.from === target.from
        ? `${target.from} is given twice and would be saved twice`
        : `${first.from} and ${target.from} would both be saved`;
    clashes.set(pair, [...(clashes.get(pair) ?? []), `${target.stem}.${target.lang}.*`]);
  }
  if (clashes.size === 0) return;
  const lines = [...clashes].map(([pair, names]) => `  ${pair} as ${names.join(', ')}`);
  throw usageError(
    `two inputs would write the same files:\n${lines.join('\n')}\n` +
      'Rename one of them, or run them one at a time with different --out folders; nothing was sent.',
  );
}

/** The files of `target.folder` that a project's downloads would replace: only names this run may write. */
export async function existingOutputs(target: OutputTarget, subtitles: SubtitleChoice): Promise<string[]> {
  const present = new Set(await readdir(target.folder).catch(() => [] as string[]));
  return possibleNames(target.stem, target.lang, subtitles)
    .filter((name) => present.has(name))
    .map((name) => outputPath(target.folder, name));
}

/** Refuses (exit 2) when downloads would replace files, naming them, unless --force. */
export async function refuseOverwrite(
  targets: readonly OutputTarget[],
  subtitles: SubtitleChoice,
  force: boolean | undefined,
): Promise<void> {
  if (force) return;
  const found = (await Promise.all(targets.map((target) => existingOutputs(target, subtitles)))).flat();
  if (found.length === 0) return;
  throw usageError(
    `these files exist and would be replaced:\n${found.map((path) => `  ${path}`).join('\n')}\n` +
      'Move them, choose another folder with --out, or pass --force to replace them; nothing was sent.',
  );
}
