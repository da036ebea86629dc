// A question to the app in a job's thread ("@dubkit how long until Japanese is done?"): answered, to the one
// who asked, with the state of that job — a line per language as its card says it, and for a language under
// way its stage and the learned estimate of the time it has left (or that none is learned yet). Pure builder.
import { languageLabel } from '../../domain/languages.ts';
import type { Job } from '../../store/store.ts';
import type { CardLanguage } from '../../thread/card.ts';
import { escapeText, type MessageContent, section } from '../../ui/blocks.ts';
import { languageLine } from './card-blocks.ts';

/** A language of the job as the answer tells it: its card line, and while it runs, its stage and time left. */
export interface AnsweredLanguage {
  line: CardLanguage;
  /** While it runs: its stage in words and the learned time it likely has left (undefined: not learned). */
  running?: { stage: string; leftMs: number | undefined };
}

/** "about 4 min", "under a minute". */
export function roughly(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 90) return `about ${minutes} min`;
  return `about ${Math.round(minutes / 60)} h`;
}

function answerLine({ line, running }: AnsweredLanguage): string {
  if (line.phase !== 'running' || !running) return languageLine(line);
  const left =
    running.leftMs === undefined
      ? 'no estimate yet (the app learns how long each stage takes from the dubs it follows)'
      : `${roughly(running.leftMs)} left`;
  return `${languageLabel(line.lang)} — 🔄 ${escapeText(running.stage)} · ${left}`;
}

export function jobStateAnswer(job: Job, languages: AnsweredLanguage[]): MessageContent {
  const where =
    job.state === 'stopped'
      ? ' · ⏹ stopped'
      : job.state === 'cancelled'
        ? ' · cancelled before it started'
        : job.state === 'picking' || job.state === 'requested'
          ? ' · not started: pick its languages on its card and press Start'
          : '';
  const lines = languages.map(answerLine);
  return {
    text: `${job.title}: ${lines.length === 0 ? 'no language started' : `${lines.length} languages`}`,
    blocks: [section([`🎬 *${escapeText(job.title)}*${where}`, ...lines].join('\n'))],
  };
}
