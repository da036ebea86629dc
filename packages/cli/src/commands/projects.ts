// `dubkit projects`, `dubkit status <project>`, `dubkit credits`: reading what the account has.
import { describeStatus, type ProjectListItem } from '@dubkit/core';
import type { Context } from '../context.ts';
import { usageError } from '../exit-codes.ts';
import { plural } from '../format.ts';

/** How many projects are read at once for their language. */
const LANGUAGE_READS = 8;

export async function projects(
  context: Context,
  options: { name?: string; limit?: string },
): Promise<number> {
  const limit = options.limit === undefined ? 20 : Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    throw usageError(`--limit takes a whole number of at least 1, not ${JSON.stringify(options.limit)}`);
  }
  const found: ProjectListItem[] = [];
  // Newest first, page after page, until `limit` projects or the last page.
  for await (const project of context.client.projects.list({
    ...(options.name ? { name: options.name } : {}),
    limit: Math.min(limit, 100),
  })) {
    found.push(project);
    if (found.length >= limit) break;
  }
  // The list does not say a project's language: each project is read, a few at a time.
  const languages: string[] = [];
  for (let start = 0; start < found.length; start += LANGUAGE_READS) {
    const batch = found.slice(start, start + LANGUAGE_READS);
    languages.push(
      ...(await Promise.all(batch.map(async (p) => (await context.client.projects.get(p.id)).dst_lang))),
    );
  }
  context.result({ projects: found.map((project, index) => ({ ...project, dst_lang: languages[index] })) });
  const width = Math.max(5, ...languages.map((lang) => lang.length));
  for (const [index, project] of found.entries()) {
    const { label } = describeStatus(project.status ?? 'unknown');
    context.say(
      `${project.id}  ${project.created_at.slice(0, 16).replace('T', ' ')}  ${languages[index]!.padEnd(width)}  ${label.padEnd(24)}  ${project.name}`,
    );
  }
  if (!context.json) context.note(plural(found.length, 'project'));
  return 0;
}

export async function status(context: Context, id: string): Promise<number> {
  const project = await context.client.projects.get(id);
  context.result(project);
  const info = describeStatus(project.status ?? 'unknown');
  context.say(`${project.name} (${project.src_lang ?? '?'} → ${project.dst_lang})`);
  context.say(`  status    ${info.label} (${project.status})`);
  if (info.progress !== undefined) context.say(`  progress  ${Math.round(info.progress * 100)}%`);
  for (const [field, title] of [
    ['translated_video', 'video'],
    ['translated_audio', 'audio'],
    ['voiceover', 'voice-only'],
    ['translation_srt_path', 'srt'],
    ['translation_vtt_path', 'vtt'],
  ] as const) {
    const link = project[field];
    if (link) context.say(`  ${title.padEnd(9)} ${link}`);
  }
  return info.failed ? 1 : 0;
}

export async function voices(context: Context, id: string): Promise<number> {
  const [project, available] = await Promise.all([
    context.client.projects.get(id),
    context.client.projects.voices(id),
  ]);
  // Which speakers each voice is given to now, so that the list shows the current choice too.
  const speakersOf = new Map<string, string[]>();
  for (const [speaker, voice] of Object.entries(project.voice ?? {})) {
    if (voice) speakersOf.set(voice, [...(speakersOf.get(voice) ?? []), speaker]);
  }
  context.result({ voices: available, assigned: project.voice ?? {} });
  for (const voice of available) {
    const speakers = speakersOf.get(voice.id);
    context.say(
      `${voice.id}  ${voice.label.padEnd(24)}  ${voice.gender.padEnd(8)}${speakers ? `  ← ${speakers.join(', ')}` : ''}`,
    );
  }
  if (!context.json) context.note(plural(available.length, 'voice'));
  return 0;
}

export async function credits(context: Context): Promise<number> {
  const balance = await context.client.credits.get();
  context.result(balance);
  const left = (pool: { total: number; used: number }) => pool.total - pool.used;
  context.say(`minutes              ${left(balance.minutes)} of ${balance.minutes.total} left`);
  context.say(`videos               ${left(balance.video)} of ${balance.video.total} left`);
  context.say(
    `free lip-sync min.   ${left(balance.lipsync_free_minutes)} of ${balance.lipsync_free_minutes.total} left`,
  );
  return 0;
}
