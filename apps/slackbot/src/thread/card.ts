// A job's card, as the thread knows it: what it says (the picker while the job waits, then what was started,
// or who cancelled or stopped it), under the card's one key. The dub feature draws it (MessageParts.card);
// only the drawer (drawer.ts) asks for it, so nothing else builds a `card:` write.
import type { AutopilotMark, DeliveryInput, Job, Target } from '../store/store.ts';
import type { MessageContent } from '../ui/blocks.ts';
import { explainFailure } from './failures.ts';
import type { LanguageState } from './status.ts';

/** A glossary the card's picker offers. */
export interface PickerGlossary {
  id: string;
  label: string;
}

export interface JobCardInput {
  jobId: string;
  title: string;
  /** The link, or the file's name for a shared file. */
  source: { kind: 'link'; link: string } | { kind: 'file'; name: string };
  state: 'picking' | 'started' | 'cancelled' | 'stopped';
  /** Preselected (picking) or chosen (started) destination languages. */
  dstLangs: string[];
  srcLang: string | null;
  numSpeakers: number | null;
  userId: string;
  /** The glossaries offered while picking, and those chosen at first (the channel's defaults). */
  glossaries?: PickerGlossary[];
  glossaryIds?: string[];
  /** Minutes left on the account as the picker is posted; the line is left out when unknown. */
  minutesLeft?: number;
  /** The video as the service knows it while the card waits: being made ready, ready, or refused. */
  video?: CardVideo;
  /** Once started: whether a language is still under way (only then is Stop offered). */
  running?: boolean;
  /** Posted in a channel on autopilot: what autopilot made of it. */
  autopilot?: AutopilotMark;
  /** Once started: each language's state in one line (the card is the job's summary). */
  languages?: CardLanguage[];
}

/** A language as its line on a started card says it: where it is, and who has its next step. */
export interface CardLanguage {
  targetId: string;
  lang: string;
  phase: 'running' | 'dubbed' | 'failed' | 'stopped';
  /** Its current render (the attempt the status message follows). */
  render: number;
  /** A failure: the stage it failed in ("Recording voiceover"), when known, and whether Retry can help. */
  failedAt?: string;
  retry?: boolean;
  /** The latest approval, of this render or an earlier one. */
  approved?: { render: number; by: string };
  /** Changes asked of the current render, by whom. */
  changesBy?: string;
  /** Who is assigned to review it. */
  assignee?: string;
}

/** A language's line on the card, from everything the store knows of it. */
export function cardLanguage(state: LanguageState): CardLanguage {
  const { target, info, approval, changeRequest, assignment, renders } = state;
  const phase = target.stoppedBy
    ? 'stopped'
    : !target.terminal
      ? 'running'
      : info?.failed
        ? 'failed'
        : 'dubbed';
  const failure =
    phase === 'failed' && target.status
      ? explainFailure(target.status, info?.stoppedWhile ?? info?.label)
      : undefined;
  return {
    targetId: target.id,
    lang: target.dstLang,
    phase,
    render: renders(target.attempt),
    ...(failure ? { retry: failure.retry } : {}),
    ...(phase === 'failed' && info && target.status !== 'failed'
      ? { failedAt: info.stoppedWhile ?? info.label }
      : {}),
    ...(approval && approval.attempt <= target.attempt
      ? { approved: { render: renders(approval.attempt), by: approval.userId } }
      : {}),
    ...(changeRequest?.attempt === target.attempt ? { changesBy: changeRequest.userId } : {}),
    ...(assignment ? { assignee: assignment.assignee } : {}),
  };
}

export type CardVideo =
  | { state: 'preparing' }
  | { state: 'ready'; seconds: number | null }
  | { state: 'failed'; why: string };

/** Draws the card's message (the dub feature's Block Kit). */
export type CardDrawing = (input: JobCardInput) => MessageContent;

export type CardState = JobCardInput['state'];

export interface CardOptions {
  glossaries?: PickerGlossary[];
  glossaryIds?: string[];
  /** Minutes left on the account when the picker is posted. */
  minutesLeft?: number;
  /** Who did what the card now says (pressed Cancel or Stop); otherwise who pressed Start. */
  actor?: string;
  /** Once started: whether a language is still under way (Stop is offered only then). */
  running?: boolean;
  /** Once started: each language's line. */
  languages?: CardLanguage[];
}

/** The triggers whose card is posted at the channel level, opening the job's thread: commands, workflow steps. */
const OPENS_THREAD = ['cmd:', 'wf:'];

export function cardDelivery(
  draw: CardDrawing,
  job: Job,
  state: CardState,
  dstLangs: string[],
  options: CardOptions = {},
): DeliveryInput {
  const { actor, ...picker } = options;
  return {
    key: `card:${job.id}`,
    jobId: job.id,
    kind: 'card',
    // A slash command's or a workflow step's card opens the thread; a message's card answers in its thread.
    inThread: !OPENS_THREAD.some((prefix) => job.triggerKey.startsWith(prefix)),
    payload: draw({
      jobId: job.id,
      title: job.title,
      source: job.source.kind === 'link' ? job.source : { kind: 'file', name: job.source.name },
      video: cardVideo(job),
      state,
      dstLangs,
      srcLang: job.srcLang,
      numSpeakers: job.numSpeakers,
      userId: actor ?? job.startedBy,
      ...(job.autopilot ? { autopilot: job.autopilot } : {}),
      ...picker,
    }),
  };
}

/** The job's video as its card tells it: being made ready by the service, ready, or refused. */
export function cardVideo(job: Job): CardVideo {
  if (job.mediaReady) return { state: 'ready', seconds: job.mediaSeconds };
  if (job.mediaError !== null) return { state: 'failed', why: job.mediaError };
  return { state: 'preparing' };
}

/**
 * A started job's card as its languages stand: a line for each, and Stop only while one of them is still under
 * way.
 */
export function startedCard(
  draw: CardDrawing,
  job: Job,
  targets: Target[],
  languages: CardLanguage[],
): DeliveryInput {
  return cardDelivery(
    draw,
    job,
    'started',
    targets.map((t) => t.dstLang),
    { running: targets.some((t) => !t.terminal), languages },
  );
}
