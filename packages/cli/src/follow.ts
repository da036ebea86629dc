// Following projects to the end, all at once: one live line each, and each project's files downloaded as soon
// as that project is done (not when the last one is). A failed project fails alone; Ctrl-C stops the waiting.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AbortError,
  DONE_STATUS,
  DubkitError,
  describeStatus,
  type Project,
  ProjectFailedError,
} from '@dubkit/core';
import type { Context } from './context.ts';
import { plural } from './format.ts';
import { fileStem, type OutputKind, outputLanguage, outputPath, plannedOutputs } from './outputs.ts';
import type { Progress, ProjectLine } from './progress.ts';
import { convertedFormats, convertSrt, extensionOf, type SubtitleChoice } from './subtitle-formats.ts';

export interface Followed {
  id: string;
  /** The line's name: the destination language. */
  label: string;
  /** File names start with this (the input's name, or the project's). */
  stem: string;
}

export interface FollowResult {
  id: string;
  language: string;
  status: string | null;
  failed: boolean;
  /** What went wrong, for a failed project or one that could not be read or downloaded. */
  error?: string;
  files?: Partial<Record<OutputKind, string>>;
}

export interface FollowOptions {
  /** Download the outputs here once done; without it, only wait. */
  out?: string | undefined;
  /** The subtitle formats saved beside the video (--formats, --frame-rate). */
  subtitles: SubtitleChoice;
  signal: AbortSignal;
  progress: Progress;
}

export async function followProjects(
  context: Context,
  items: readonly Followed[],
  options: FollowOptions,
): Promise<FollowResult[]> {
  const settled = await Promise.allSettled(
    items.map((item) => followOne(context, item, options.progress.project(item.label), options)),
  );
  if (options.signal.aborted) throw new AbortError('stopped waiting');
  return settled.map((outcome, index) => {
    if (outcome.status === 'fulfilled') return outcome.value;
    const item = items[index]!;
    return { id: item.id, language: item.label, status: null, failed: true, error: describe(outcome.reason) };
  });
}

async function followOne(
  context: Context,
  item: Followed,
  line: ProjectLine,
  options: FollowOptions,
): Promise<FollowResult> {
  const { client } = context;
  let project: Project;
  try {
    project = await client.projects.waitFor(item.id, {
      signal: options.signal,
      intervalMs: context.interval,
      // While nothing changes, polls slow down to five times the interval: a long stage costs few requests.
      maxIntervalMs: context.interval * 5,
      // "Done" is kept for the end of the line, when the files are saved too.
      onStatus: (_project, info) =>
        line.status(
          info.status === DONE_STATUS && options.out !== undefined ? { ...info, label: 'Dubbed' } : info,
        ),
    });
  } catch (error) {
    if (error instanceof ProjectFailedError) {
      const { label } = describeStatus(error.status);
      line.finish(`Failed: ${label}`);
      return { id: item.id, language: item.label, status: error.status, failed: true, error: label };
    }
    line.finish(options.signal.aborted ? 'Stopped waiting' : `Error: ${describe(error)}`);
    throw error;
  }
  const result: FollowResult = {
    id: item.id,
    language: item.label,
    status: project.status ?? null,
    failed: false,
  };
  if (options.out !== undefined) {
    try {
      result.files = await downloadOutputs(
        context,
        project,
        { folder: options.out, stem: item.stem, subtitles: options.subtitles },
        options.signal,
        line,
      );
    } catch (error) {
      line.finish(options.signal.aborted ? 'Stopped downloading' : `Download failed: ${describe(error)}`);
      throw error;
    }
  }
  line.finish(result.files ? `Done, ${plural(Object.keys(result.files).length, 'file')} saved` : 'Done');
  return result;
}

/**
 * Downloads every output of a done project into `folder`, one after the other, then writes the subtitle formats
 * converted from the service's SRT; returns the paths by kind.
 */
export async function downloadOutputs(
  context: Context,
  project: Project,
  target: { folder: string; stem: string; subtitles: SubtitleChoice },
  signal: AbortSignal,
  line?: ProjectLine,
): Promise<Partial<Record<OutputKind, string>>> {
  const stem = fileStem(target.stem, project.id);
  const planned = plannedOutputs(project, target.folder, stem, target.subtitles);
  const files: Partial<Record<OutputKind, string>> = {};
  const link = project.translation_srt_path;
  const converted = typeof link === 'string' && link !== '' ? convertedFormats(target.subtitles) : [];
  // Counted together, so that the last step shown is the last file of "Done, n files saved".
  const steps = planned.length + converted.length;
  for (const [index, output] of planned.entries()) {
    line?.downloading(output.kind, index, steps);
    await context.client.media.download(output.link, output.path, {
      signal,
      onProgress: ({ received, total }) => line?.downloading(output.kind, index, steps, received, total),
    });
    files[output.kind] = output.path;
  }
  if (converted.length === 0 || typeof link !== 'string') return files;
  const srt = files.srt ? await readFile(files.srt) : await downloadToMemory(context, link, signal);
  const lang = outputLanguage(project);
  for (const [index, format] of converted.entries()) {
    line?.writing(format, planned.length + index, steps);
    const path = outputPath(target.folder, `${stem}.${lang}${extensionOf(format)}`);
    await writeFile(path, convertSrt(srt, format, lang, target.subtitles.frameRate));
    files[format] = path;
  }
  return files;
}

/** The service's SRT when only converted formats are asked for: fetched into a private folder, then removed. */
async function downloadToMemory(context: Context, link: string, signal: AbortSignal): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'dubkit-srt-'));
  try {
    const path = join(dir, 'translation.srt');
    await context.client.media.download(link, path, { signal });
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function describe(error: unknown): string {
  if (error instanceof DubkitError || error instanceof Error) return error.message;
  return String(error);
}
