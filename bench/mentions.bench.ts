// The Slack app's stop detector (features/dub/stop.ts asksToStop) on the mention texts that made it stall: a
// mention then 40,000 `<` froze the event loop 3.1 s on `/<[^>]*>/g`, which read from every `<` to the end when
// none closed. The pattern it replaced is kept here as the baseline, same texts, same run.
// Goal: under 50 ms per call on each text. Run after a build (the app's module is read from source).
import { MAX_MESSAGE_CHARS } from '../apps/slackbot/src/domain/limits.ts';
import { asksToStop } from '../apps/slackbot/src/features/dub/stop.ts';
import { raceOnTexts } from './text-race.ts';

const GOAL_MS = 50;
const RUNS = 5;

/** The detector before: every bracket taken out by a pattern that backtracks on `<` without `>`. */
function patternAsksToStop(text: string): boolean {
  const words = text.replace(/<[^>]*>/g, ' ');
  return !/https?:\/\//i.test(text) && /\b(stop|cancel)\b/i.test(words);
}

const texts: Record<string, string> = {
  'a mention, then 40,000 <': `<@UDUBKIT> ${'<'.repeat(MAX_MESSAGE_CHARS)}`,
  'stop, then 20,000 <@': `<@UDUBKIT> stop ${'<@'.repeat(MAX_MESSAGE_CHARS / 2)}`,
  '8,000 <#C1| then cancel': `${'<#C1|'.repeat(MAX_MESSAGE_CHARS / 5)} cancel`,
  '40 KB of closed mentions': '<@U1> '.repeat(MAX_MESSAGE_CHARS / 6),
};

raceOnTexts({
  texts,
  now: ['asksToStop', asksToStop],
  before: ['old pattern', patternAsksToStop],
  goalMs: GOAL_MS,
  runs: RUNS,
});
