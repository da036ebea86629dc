// The status message each destination language has in the thread, edited in place as its project moves:
// stage in plain words, a progress bar, the time elapsed (never a promised ETA).

import { languageLabel, languageName } from '../domain/languages.ts';
import {
  codeSpan,
  context,
  escapeText,
  formatDuration,
  type MessageContent,
  progressBar,
  section,
} from '../ui/blocks.ts';

export interface LanguageStatus {
  lang: string;
  phase: 'running' | 'dubbed' | 'failed';
  /** "Separating background", "Uploading the video". */
  stageLabel: string;
  /** 0..1, from the stage's place in the pipeline. */
  progress: number;
  elapsedMs: number;
  projectId: string | null;
}

export function statusMessage(status: LanguageStatus): MessageContent {
  const who = `${languageLabel(status.lang)}`;
  // The stage's label is the service's own word when it is one the app does not know.
  const stage = escapeText(status.stageLabel);
  const elapsed = formatDuration(status.elapsedMs);
  let line: string;
  let text: string;
  if (status.phase === 'dubbed') {
    line = `${who} — ✅ Dubbed in ${elapsed}`;
    text = `${languageName(status.lang)}: dubbed`;
  } else if (status.phase === 'failed') {
    line = `${who} — ❌ Stopped: ${stage} · after ${elapsed}`;
    text = `${languageName(status.lang)}: stopped`;
  } else {
    line = `${who} — ${stage}  ${progressBar(status.progress)}  · ${elapsed} elapsed`;
    text = `${languageName(status.lang)}: ${stage} (${Math.round(status.progress * 100)}%)`;
  }
  const blocks = [section(line)];
  if (status.projectId) blocks.push(context(`Project ${codeSpan(status.projectId)}`));
  return { text, blocks };
}
