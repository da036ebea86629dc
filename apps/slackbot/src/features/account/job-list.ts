// `/dub list [words]`: the jobs of the channels the person is in, one row per job — its video, each language's
// state, who started it and when — a page at a time. Pure builder; the page buttons carry the filter and offset.

import {
  type Block,
  button,
  context,
  escapeText,
  LIMITS,
  type MessageContent,
  section,
  truncate,
} from '../../ui/blocks.ts';
import { when } from '../approval/blocks.ts';
import { type JobRow, languagesLine } from './job-rows.ts';
import { pageValue } from './project-list.ts';

export const JOB_LIST = { page: 'list_jobs_page', pageSize: 10 } as const;

export interface JobListInput {
  rows: JobRow[];
  /** The words the titles were filtered by. */
  name: string | null;
  offset: number;
  /** Where the next page starts (the jobs read for this one, visible or not, come before it); null at the end. */
  next: number | null;
}

/** One job: "*keynote.mp4* in #launch · started by @ana · Nov 26 at 10:42" and its languages below. */
export function jobLine(row: JobRow): string {
  const head = `*${escapeText(truncate(row.job.title, 200))}* in <#${row.job.channel}> · started by <@${row.job.startedBy}> · ${when(row.job.createdAt)}`;
  return truncate(`${head}\n${languagesLine(row)}`, LIMITS.sectionText);
}

export function jobList(input: JobListInput): MessageContent {
  const filter = input.name ? ` matching “${escapeText(input.name)}”` : '';
  const blocks: Block[] = [];
  if (input.rows.length === 0) {
    const text =
      input.next !== null
        ? 'None of these dubs are in channels you are in; *Older ▶* reads further.'
        : input.offset > 0
          ? 'No more dubs in your channels.'
          : `No dubs${filter} in the channels you are in.`;
    blocks.push(section(text));
    if (input.next === null && input.offset === 0) return { text, blocks };
  } else {
    blocks.push(section(`*Dubs${filter}* in your channels, newest first`));
    for (const row of input.rows) blocks.push(section(jobLine(row)));
  }
  const nav = [];
  // A page holds up to ten visible jobs, however many were read for it: back goes to the newest.
  if (input.offset > 0) nav.push(button('◀ Newest', JOB_LIST.page, pageValue(input.name, 0)));
  if (input.next !== null) nav.push(button('Older ▶', JOB_LIST.page, pageValue(input.name, input.next)));
  if (nav.length > 0) blocks.push({ type: 'actions', elements: nav });
  blocks.push(
    context(
      '`/dub list <words>` finds dubs by title · `/dub list waiting` what waits for review here · ' +
        '`/dub list projects` the dubbing account’s projects',
    ),
  );
  return {
    text: `${input.rows.length} ${input.rows.length === 1 ? 'dub' : 'dubs'}${input.name ? ` matching ${escapeText(input.name)}` : ''}`,
    blocks,
  };
}
