// `dubkit wait <project…> [--out dir]` and `dubkit download <project> --out dir`: picking up after Ctrl-C, or
// following projects started elsewhere (the Slack app, a script).
import { resolve } from 'node:path';
import { AbortError, describeStatus } from '@dubkit/core';
import type { Context } from '../context.ts';
import { EXIT, inputError } from '../exit-codes.ts';
import { downloadOutputs, type Followed, followProjects } from '../follow.ts';
import { onInterrupt, resumeHint } from '../interrupt.ts';
import { progressFor } from '../progress.ts';

export async function wait(context: Context, ids: string[], options: { out?: string }): Promise<number> {
  const { client } = context;
  const interrupt = onInterrupt();
  const out = options.out === undefined ? undefined : resolve(context.io.cwd, options.out);
  try {
    // One read each first: the lines are named by language and the files by the project's name.
    const projects = await Promise.all(
      ids.map((id) => client.projects.get(id, { signal: interrupt.signal })),
    );
    const followed: Followed[] = projects.map((project) => ({
      id: project.id,
      label:
        projects.filter((p) => p.dst_lang === project.dst_lang).length > 1
          ? `${project.dst_lang} ${project.id.slice(0, 8)}`
          : project.dst_lang,
      stem: project.name,
    }));
    const progress = progressFor(
      context,
      followed.map((item) => item.label),
    );
    let results: Awaited<ReturnType<typeof followProjects>>;
    try {
      results = await followProjects(context, followed, { out, signal: interrupt.signal, progress });
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
      context.note(resumeHint(ids, options.out));
      context.result({ interrupted: true, projects: ids });
      return EXIT.interrupted;
    }
    throw error;
  } finally {
    interrupt.dispose();
  }
}

export async function download(context: Context, id: string, options: { out: string }): Promise<number> {
  const { client } = context;
  const interrupt = onInterrupt();
  try {
    const project = await client.projects.get(id, { signal: interrupt.signal });
    const info = describeStatus(project.status ?? 'unknown');
    if (info.failed) throw inputError(`project ${id} failed (${info.label}): it has nothing to download`);
    if (!info.terminal) {
      throw inputError(
        `project ${id} is not done yet (${info.label}); \`dubkit wait ${id} --out ${options.out}\` waits, then downloads`,
      );
    }
    const progress = progressFor(context, [project.dst_lang]);
    const line = progress.project(project.dst_lang);
    let files: Awaited<ReturnType<typeof downloadOutputs>>;
    try {
      files = await downloadOutputs(
        context,
        project,
        resolve(context.io.cwd, options.out),
        project.name,
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
      context.note(`Stopped; \`dubkit download ${id} --out ${options.out}\` starts the downloads again.`);
      return EXIT.interrupted;
    }
    throw error;
  } finally {
    interrupt.dispose();
  }
}
