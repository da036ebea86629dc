// The files a dubbed project links to, and the names they get on disk: `<name>.<lang>.mp4`,
// `<name>.<lang>.audio.wav`, `<name>.<lang>.voiceover.wav`, `<name>.<lang>.srt`, `<name>.<lang>.vtt`; and the
// subtitle files written from the SRT (`--formats`): `<name>.<lang>.ttml`, `.ebu-tt-d.xml`, `.ass`.
import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Project } from '@dubkit/core';
import { usageError } from './exit-codes.ts';
import type { SubtitleChoice, SubtitleFormat } from './subtitle-formats.ts';

export const OUTPUT_KINDS = ['video', 'audio', 'voiceover', 'srt', 'vtt'] as const;
type LinkedKind = (typeof OUTPUT_KINDS)[number];
/** What a saved file is: one of the service's outputs, or a subtitle format written here. */
export type OutputKind = LinkedKind | SubtitleFormat;

const OUTPUTS: Record<LinkedKind, { field: keyof Project; suffix: string; fallbackExt: string }> = {
  video: { field: 'translated_video', suffix: '', fallbackExt: '.mp4' },
  audio: { field: 'translated_audio', suffix: '.audio', fallbackExt: '.wav' },
  voiceover: { field: 'voiceover', suffix: '.voiceover', fallbackExt: '.wav' },
  srt: { field: 'translation_srt_path', suffix: '', fallbackExt: '.srt' },
  vtt: { field: 'translation_vtt_path', suffix: '', fallbackExt: '.vtt' },
};

/** A project name as a file name: path separators and characters Windows refuses become `-`. */
export function fileStem(name: string | undefined, fallback: string): string {
  const cleaned = (name ?? '')
    .replace(/[/\\:*?"<>|\u0000-\u001f]+/g, '-')
    .replace(/^[.\s-]+|[.\s]+$/g, '')
    .slice(0, 120);
  return cleaned || fallback;
}

export interface PlannedOutput {
  kind: LinkedKind;
  link: string;
  path: string;
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
  const lang = project.dst_lang ?? 'dub';
  return OUTPUT_KINDS.flatMap((kind) => {
    if ((kind === 'srt' || kind === 'vtt') && !subtitles.formats.includes(kind)) return [];
    const { field, suffix, fallbackExt } = OUTPUTS[kind];
    const link = project[field];
    if (typeof link !== 'string' || link === '') return [];
    const ext = extname(new URL(link, 'http://x').pathname).toLowerCase() || fallbackExt;
    return [{ kind, link, path: join(folder, `${stem}.${lang}${suffix}${ext}`) }];
  });
}

/**
 * The files of `folder` that a project's downloads would replace: `<stem>.<lang>.<ext>`, `.audio.<ext>`,
 * `.voiceover.<ext>` and `.ebu-tt-d.xml`, whatever extensions the service's links end up having.
 */
export async function existingOutputs(folder: string, stem: string, lang: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const prefix = `${stem}.${lang}.`;
  return names
    .filter(
      (name) =>
        name.startsWith(prefix) &&
        /^(audio\.|voiceover\.|ebu-tt-d\.)?[a-z0-9]+$/i.test(name.slice(prefix.length)),
    )
    .map((name) => join(folder, name));
}

/** Refuses (exit 2) when downloads would replace files, naming them, unless --force. */
export async function refuseOverwrite(
  targets: readonly { folder: string; stem: string; lang: string }[],
  force: boolean | undefined,
): Promise<void> {
  if (force) return;
  const found = (
    await Promise.all(targets.map((t) => existingOutputs(t.folder, fileStem(t.stem, 'dub'), t.lang)))
  ).flat();
  if (found.length === 0) return;
  throw usageError(
    `these files exist and would be replaced:\n${found.map((path) => `  ${path}`).join('\n')}\n` +
      'Move them, choose another folder with --out, or pass --force to replace them; nothing was sent.',
  );
}
