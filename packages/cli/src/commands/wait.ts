// `dubkit wait <project…> [--out dir]`, `dubkit render <project…>` and `dubkit download <project> --out dir`:
// picking up after Ctrl-C, following projects started elsewhere (the Slack app, a script), and rendering a
// project again after its transcript was edited (`dubkit transcript push`). Downloads never replace a file
// unless --force.
import { resolve } from 'node:path';
import { AbortError, describeStatus } from '@dubkit/core';
import type { Context } from '../context.ts';
import { EXIT, inputError } from '../exit-codes.ts';
import { downloadOutputs, type Followed, followProjects } from '../follow.ts';
import { onInterrupt, resumeCommand, resumeHint } from '../interrupt.ts';
import { fileStem, outputLanguage, refuseCollisions, refuseOverwrite } from '../outputs.ts';
import { progressFor } from '../progress.ts';
import { subtitleChoice, subtitleFlags } from '../subtitle-formats.ts';

/** After an edit of the transcript or of the voices, nothing happens until a render is asked for. */
const awaitsRender = (status: string | null | undefined) =>
  status === 'transcript_edited' || status === 'voice_edited';

export interface WaitOptions {
  out?: string;
  force?: boolean;
  formats?: string;
  frameRate?: string;
}

export function wait(context: Context, ids: string[], options: WaitOptions): Promise<number> {
  return follow(context, 'wait', ids, options);
}

/** `dubkit render`: asks the service to render each project again (paid: the edited segments' minutes), then waits. */
export function render(context: Context, ids: string[], options: WaitOptions): Promise<number> {
  return follow(context, 'render', ids, options);
}

async function follow(
  context: Context,
  command: 'wait' | 'render',
  ids: string[],
  options: WaitOptions,
): Promise<number> {
  const { client } = context;
  const out = options.out === undefined ? undefined : resolve(context.io.cwd, options.out);
  const subtitles = subtitleChoice(options);
  const flags = [
    ...context.globalFlags(),
    ...subtitleFlags(subtitles),
    ...(options.force ? ['--force'] : []),
  ];
  // One read each first: the lines are named by language and the files by the project's name; and the files a
  // download would replace are known before anything is started.
  const projects = await Promise.all(ids.map((id) => client.projects.get(id)));
  // An edited transcript waits for a render that only `dubkit render` asks for: waiting would never end.
  const edited = projects.filter((project) => awaitsRender(project.status)).map((p) => p.id);
  if (command === 'wait' && edited.length > 0) {
    throw inputError(
      `${edited.join(', ')} ${edited.length === 1 ? 'was' : 'were'} edited (transcript or voices) and the dub is not rendered again until asked: ` +
        `\`${resumeCommand(['render', ...edited], options.out, flags)}\` renders, waits and downloads`,
    );
  }
  if (out !== undefined) {
    const targets = projects.map((project) => ({
      folder: out,
      stem: fileStem(project.name, project.id),
      lang: outputLanguage(project),
      from: `project ${project.id}`,
    }));
    refuseCollisions(targets);
    await refuseOverwrite(targets, subtitles, options.force);
  }
  const interrupt = onInterrupt();
  try {
    if (command === 'render') {
      for (const project of projects) {
        await client.projects.generate(project.id, { signal: interrupt.signal });
        context.note(`${project.dst_lang}: rendering project ${project.id} again`);
      }
    }
    // Lines are named by language, numbered when a language comes twice; the ids are said in full on lines of
    // their own, which a narrow terminal wraps but never cuts (a bar's line is cut at the terminal's width).
    const followed: Followed[] = projects.map((project, index) => {
      const same = projects.filter((p) => p.dst_lang === project.dst_lang);
      const label =
        same.length > 1
          ? `${project.dst_lang} ${projects.slice(0, index + 1).filter((p) => p.dst_lang === project.dst_lang).length}`
          : project.dst_lang;
      return { id: project.id, label, stem: fileStem(project.name, project.id) };
    });
    const progress = progressFor(
      context,
      followed.map((item) => item.label),
    );
    for (const item of followed) progress.log(`${item.label}: project ${item.id}`);
    let results: Awaited<ReturnType<typeof followProjects>>;
    try {
      results = await followProjects(context, followed, {
        out,
        subtitles,
        signal: interrupt.signal,
        progress,
      });
    } finally {
      progress.stop();
    }
    context.result({ projects: results });
    for (const result of results) {
      context.say(
        result.failed
          ? `${result.language}: failed (${result.error ?? result.status}), project ${result.id}`
          : `${result.language}: done, project ${result.id}`,
      );
      for (const path of Object.values(result.files ?? {})) context.say(`  ${path}`);
    }
    return results.some((result) => result.failed) ? EXIT.failed : EXIT.ok;
  } catch (error) {
    if (interrupt.signal.aborted || error instanceof AbortError) {
      context.warn(resumeHint(ids, options.out, flags));
      context.result({ interrupted: true, projects: ids });
      return EXIT.interrupted;
    }
    throw error;
  } finally {
    interrupt.dispose();
  }
}

export async function download(
  context: Context,
  id: string,
  options: { out: string; force?: boolean; formats?: string; frameRate?: string },
): Promise<number> {
  const { client } = context;
  const subtitles = subtitleChoice(options);
  const flags = [
    ...context.globalFlags(),
    ...subtitleFlags(subtitles),
    ...(options.force ? ['--force'] : []),
  ];
  const interrupt = onInterrupt();
  try {
    const project = await client.projects.get(id, { signal: interrupt.signal });
    const info = describeStatus(project.status ?? 'unknown');
    if (info.failed) throw inputError(`project ${id} failed (${info.label}): it has nothing to download`);
    if (awaitsRender(project.status)) {
      throw inputError(
        `project ${id} was edited (transcript or voices) and its dub not rendered again: \`${resumeCommand(['render', id], options.out, flags)}\` renders, waits and downloads`,
      );
    }
    if (!info.terminal) {
      throw inputError(
        `project ${id} is not done yet (${info.label}); \`${resumeCommand(['wait', id], options.out, flags)}\` waits, then downloads`,
      );
    }
    const stem = fileStem(project.name, project.id);
    await refuseOverwrite(
      [
        {
          folder: resolve(context.io.cwd, options.out),
          stem,
          lang: outputLanguage(project),
          from: `project ${project.id}`,
        },
      ],
      subtitles,
      options.force,
    );
    const progress = progressFor(context, [project.dst_lang]);
    const line = progress.project(project.dst_lang);
    let files: Awaited<ReturnType<typeof downloadOutputs>>;
    try {
      files = await downloadOutputs(
        context,
        project,
        { folder: resolve(context.io.cwd, options.out), stem, subtitles },
        interrupt.signal,
        line,
      );
      line.finish('Done');
    } finally {
      progress.stop();
    }
    context.result({ id, language: project.dst_lang, files });
    for (const path of Object.values(files)) context.say(path);
    return EXIT.ok;
  } catch (error) {
    if (interrupt.signal.aborted || error instanceof AbortError) {
      context.warn(
        `Stopped; \`${resumeCommand(['download', id], options.out, flags)}\` starts the downloads again.`,
      );
      return EXIT.interrupted;
    }
    throw error;
  } finally {
    interrupt.dispose();
  }
}
