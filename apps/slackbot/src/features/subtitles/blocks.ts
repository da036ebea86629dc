// What the thread says about dropped subtitles: the files taken (which side, how many cues) and every problem
// with its line, or why a language goes on without its subtitles. Pure builder.

import { languageName } from '../../domain/languages.ts';
import {
  context,
  escapeProse,
  escapeText,
  LIMITS,
  type MessageContent,
  section,
  truncate,
} from '../../ui/blocks.ts';

export interface SubtitleLine {
  name: string;
  side: 'src' | 'dst';
  lang: string | null;
  cues: number;
  issues: { line: number; severity: 'error' | 'warning'; message: string }[];
}

const MAX_ISSUES = 20;

export interface PairProblem {
  lang: string;
  issues: { line: number; message: string; side?: string }[];
}

export function subtitlesReport(input: {
  userId: string;
  files: SubtitleLine[];
  pairs?: PairProblem[];
}): MessageContent {
  const taken = input.files.filter((f) => !f.issues.some((i) => i.severity === 'error'));
  const refused = input.files.filter((f) => f.issues.some((i) => i.severity === 'error'));
  const describe = (f: SubtitleLine) =>
    `*${escapeText(f.name)}* — ${f.side === 'src' ? `source${f.lang ? ` (${languageName(f.lang)})` : ''}` : `translation into ${languageName(f.lang ?? '')}`}, ${f.cues} cue${f.cues === 1 ? '' : 's'}`;
  const lines: string[] = [];
  if (taken.length > 0)
    lines.push(
      `📝 Subtitles from <@${input.userId}> will be used when the dub starts:\n${taken.map((f) => `• ${describe(f)}`).join('\n')}`,
    );
  for (const f of refused) {
    const issues = f.issues.filter((i) => i.severity === 'error').slice(0, MAX_ISSUES);
    lines.push(
      `⚠️ *${escapeText(f.name)}* was not taken:\n${issues.map((i) => `line ${i.line}: ${escapeProse(i.message)}`).join('\n')}`,
    );
  }
  for (const pair of input.pairs ?? []) {
    lines.push(
      `⚠️ The source and the ${languageName(pair.lang)} translation do not line up, so ${languageName(pair.lang)} would be dubbed without them:\n` +
        pair.issues
          .slice(0, MAX_ISSUES)
          .map((i) =>
            `${i.side === 'dst' ? 'translation' : i.side === 'src' ? 'source' : ''} line ${i.line}: ${escapeProse(i.message)}`.trim(),
          )
          .join('\n'),
    );
  }
  const blocks = lines.map((l) => section(truncate(l, LIMITS.sectionText)));
  if (refused.length > 0 || (input.pairs ?? []).length > 0)
    blocks.push(
      context('Fix the lines named and drop the file in this thread again, before pressing Start.'),
    );
  const text =
    refused.length > 0
      ? `${refused.length} subtitle file${refused.length === 1 ? '' : 's'} not taken`
      : `${taken.length} subtitle file${taken.length === 1 ? '' : 's'} taken`;
  return { text, blocks: blocks.slice(0, LIMITS.messageBlocks) };
}

/** At start: a language's subtitle pair did not line up (or lacked its source language); it goes on without. */
export function subtitlesSkipped(input: {
  lang: string;
  issues: { line: number; message: string; side?: string }[];
}): MessageContent {
  const lines = input.issues
    .slice(0, MAX_ISSUES)
    .map(
      (i) =>
        `${i.side ? `${i.side === 'src' ? 'source' : 'translation'} ` : ''}line ${i.line}: ${escapeProse(i.message)}`,
    );
  const text = `The subtitles for ${languageName(input.lang)} could not be used; it is dubbed from the video's speech instead.`;
  return { text, blocks: [section(truncate(`⚠️ ${text}\n${lines.join('\n')}`, LIMITS.sectionText))] };
}
