// The Slack app's link finding (domain/requests.ts findLink) on the message texts that made it slow: 40 KB of
// `http://` without a space (every `http` was read on to the end of its run, up to 4,096 characters each) and
// other runs, against the plain reader it replaced (kept here as the baseline), same texts, same run.
// Goal: under 20 ms per call on each text. Run after a build (the app's module is read from source).
import { MAX_MESSAGE_CHARS } from '../apps/slackbot/src/domain/limits.ts';
import { findLink } from '../apps/slackbot/src/domain/requests.ts';
import { raceOnTexts } from './text-race.ts';

const GOAL_MS = 20;
const RUNS = 9;
const MAX_LINK = 4_096;

/** The reader before: each `http` in turn, read on to the next space or the length limit. */
function plainFindLink(text: string): string | undefined {
  for (let from = text.indexOf('http'); from >= 0; from = text.indexOf('http', from + 4)) {
    const rest = text.startsWith('https://', from) ? 8 : text.startsWith('http://', from) ? 7 : 0;
    if (rest === 0) continue;
    let end = from + rest;
    while (end < text.length && end - from <= MAX_LINK && !/\s/.test(text[end] ?? ' ')) end++;
    if (end > from + rest && end - from <= MAX_LINK) return text.slice(from, end);
  }
  return undefined;
}

const texts: Record<string, string> = {
  '40 KB of http://': 'http://'.repeat(MAX_MESSAGE_CHARS / 7),
  '40 KB of https://': 'https://'.repeat(MAX_MESSAGE_CHARS / 8),
  '40 KB of http://x, a space each 5,000': `${'http://x'.repeat(625)} `.repeat(8),
  '40 KB of words, no link': 'lorem ipsum '.repeat(MAX_MESSAGE_CHARS / 12),
};

raceOnTexts({
  texts,
  now: ['findLink', findLink],
  before: ['plain reader', plainFindLink],
  goalMs: GOAL_MS,
  runs: RUNS,
});
