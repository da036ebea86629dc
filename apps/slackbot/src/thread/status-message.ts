// The status message each destination language has in the thread, edited in place as its project moves:
// stage in plain words, a progress bar in 10 % steps, when it started (never a promised ETA). It carries no
// ids: after a failure, support's (the project, the service's status) are behind the "Details" menu the dub
// feature puts beside it (features/dub/thread-parts.ts). A failure says "failed"; "stopped" is only for a
// person's Stop. It reads the same until something
// a person can see changes — a stage, a 10 % step, a state — so it is edited only then: a running clock or
// a 1 % step would edit it on every poll.

import { languageLabel, languageName } from '../domain/languages.ts';
import { escapeText, formatDuration, type MessageContent, progressBar, section } from '../ui/blocks.ts';
import { lowerFirst } from './failures.ts';

export interface LanguageStatus {
  lang: string;
  phase: 'running' | 'dubbed' | 'failed';
  /** "Separating background", "Uploading the video". */
  stageLabel: string;
  /** 0..1, from the stage's place in the pipeline. */
  progress: number;
  elapsedMs: number;
  /** When it started (epoch ms): shown as a time while it runs, so that the message stays still. */
  startedAt: number;
  /** For a failure: what the project was doing ("Recording voiceover"), when known. */
  failedWhile?: string | undefined;
  /** Who stopped following it (the job's Stop) before it ended. */
  stoppedBy?: string | null;
}

/** Progress in the 10 % steps the bar shows: what a person sees change. */
const step = (progress: number) => Math.floor(Math.min(1, Math.max(0, progress)) * 10) / 10;

/** A time Slack shows in the reader's own zone ("14:02"), with UTC for clients that cannot. */
function clockTime(at: number): string {
  const seconds = Math.floor(at / 1000);
  return `<!date^${seconds}^{time}|${new Date(seconds * 1000).toISOString().slice(11, 16)} UTC>`;
}

export function statusMessage(status: LanguageStatus): MessageContent {
  const who = `${languageLabel(status.lang)}`;
  // The stage's label is the service's own word when it is one the app does not know.
  const stage = escapeText(status.stageLabel);
  const elapsed = formatDuration(status.elapsedMs);
  let line: string;
  let text: string;
  if (status.stoppedBy) {
    line = `${who} — ⏹ Stopped by <@${status.stoppedBy}> while ${lowerFirst(stage)} · no longer followed here`;
    text = `${languageName(status.lang)}: stopped`;
  } else if (status.phase === 'dubbed') {
    line = `${who} — ✅ Dubbed in ${elapsed}`;
    text = `${languageName(status.lang)}: dubbed`;
  } else if (status.phase === 'failed') {
    const where = status.failedWhile ? ` while ${lowerFirst(escapeText(status.failedWhile))}` : '';
    line = `${who} — ❌ Failed${where} · after ${elapsed}`;
    text = `${languageName(status.lang)}: failed`;
  } else {
    const progress = step(status.progress);
    line = `${who} — ${stage}  ${progressBar(progress)}  · started ${clockTime(status.startedAt)}`;
    text = `${languageName(status.lang)}: ${stage} (${Math.round(progress * 100)}%)`;
  }
  return { text, blocks: [section(line)] };
}
