// A language's status message: drawn from what the store knows of it — its stage and progress, a lip-sync
// under way — and what each feature adds from the same state (who approved its current render, who is
// assigned to review it, the Assign… button: thread/parts.ts), under the message's one key. Only the drawer
// (thread/drawer.ts) calls it: writers record a fact, then ask the drawer for the message again.
import { type RenderNumbers, renderNumbers } from '../domain/renders.ts';
import type { StatusInfo } from '../dubbing/service.ts';
import type {
  Approval,
  Assignment,
  ChangeRequest,
  DeliveryInput,
  Job,
  SegmentComment,
  Store,
  Target,
} from '../store/store.ts';
import type { MessageContent } from '../ui/blocks.ts';
import { statusMessage } from './status-message.ts';

/** What a language's status message shows. */
export interface LanguageState {
  job: Job;
  target: Target;
  /** Its project's status as the service describes it; null before there is one. */
  info: StatusInfo | null;
  /** The approval of its current render (an older render's does not count). */
  approval?: Approval | undefined;
  /**
   * The approval of an earlier render, when the current one has none: it stays on the render it approved, and
   * the status shows it beside the newer render waiting.
   */
  earlierApproval?: Approval | undefined;
  /** Changes asked of its current render (an older render's do not count). */
  changeRequest?: ChangeRequest | undefined;
  /** A lip-sync under way: its stage in words, its progress, when it started. */
  lipsync?: { label: string; progress: number; startedAt: number } | undefined;
  /** Who is assigned to review it (of any render: an assignment outlives a new render). */
  assignment?: Assignment | undefined;
  /** Comments made on its lines in the thread, oldest first. */
  comments?: SegmentComment[] | undefined;
  /** The render number a person sees for each of its attempts (a failed attempt is not a render). */
  renders: RenderNumbers;
  now: number;
}

/** The status message's key: one message per language, edited in place. */
export const statusKey = (targetId: string) => `status:${targetId}`;

/** What a feature adds to a language's status message (a review line, who is assigned, a button). */
export type StatusPart = (content: MessageContent, state: LanguageState) => MessageContent;

/**
 * The language's status message as it should read in this state: its stage, then each feature's part, in
 * order. The approval and change request of an older render are not the current render's: an older
 * approval is handed on as the earlier one (it stays with its render), an older change request is dropped.
 */
export function statusDelivery(state: LanguageState, parts: readonly StatusPart[]): DeliveryInput {
  const { job, target, info, lipsync, now } = state;
  const content = lipsync
    ? statusMessage({
        lang: target.dstLang,
        phase: 'running',
        stageLabel: lipsync.label,
        progress: lipsync.progress,
        elapsedMs: now - lipsync.startedAt,
        startedAt: lipsync.startedAt,
      })
    : statusMessage({
        lang: target.dstLang,
        phase: info?.failed ? 'failed' : info?.terminal ? 'dubbed' : 'running',
        stageLabel: info?.label ?? (job.mediaId ? 'Creating the project' : 'Uploading the video'),
        progress: info?.progress ?? 0,
        // An ended dub took as long as it took: to when its end was seen, however late this is drawn.
        elapsedMs: (info?.terminal ? (target.statusAt ?? now) : now) - target.startedAt,
        startedAt: target.startedAt,
        failedWhile: info?.failed ? info.stoppedWhile : undefined,
        stoppedBy: target.stoppedBy,
      });
  const current: LanguageState = {
    ...state,
    approval: state.approval?.attempt === target.attempt ? state.approval : undefined,
    earlierApproval: state.approval && state.approval.attempt < target.attempt ? state.approval : undefined,
    changeRequest: state.changeRequest?.attempt === target.attempt ? state.changeRequest : undefined,
  };
  return {
    key: statusKey(target.id),
    jobId: job.id,
    kind: 'status',
    inThread: true,
    payload: parts.reduce((drawn, part) => part(drawn, current), content),
  };
}

/** What support needs of a failed language: its project, and the service's status for it. */
export interface SupportIds {
  projectId: string | null;
  status: string | null;
}

/**
 * The support ids of a language that failed (not one a person stopped, nor one being lip-synced); undefined
 * otherwise: a dub under way or done needs no support. Support finds an unknown status's raw text in the log
 * by its id; the text itself is never shown.
 */
export function supportIds({ target, info, lipsync }: LanguageState): SupportIds | undefined {
  if (lipsync || !info?.failed || target.stoppedBy) return undefined;
  return { projectId: target.projectId, status: info.supportId ?? target.status };
}

/**
 * What a caller has just learnt of a language and not yet recorded: its project's status (and the target as
 * it will be recorded with it), or a lip-sync under way.
 */
export interface StatusGiven {
  info?: StatusInfo | null;
  target?: Partial<Target>;
  lipsync?: LanguageState['lipsync'];
}

/** The reads a language's status message is drawn from. */
export type StatusReads = Pick<
  Store,
  | 'getTarget'
  | 'getJob'
  | 'approvalsOf'
  | 'changeRequestsOf'
  | 'assignmentsOf'
  | 'commentsOf'
  | 'deliveredRenders'
>;

/** What the store knows of the language now, with `given` (what the caller has just learnt) over it. */
export async function languageState(
  store: StatusReads,
  describe: (status: string) => StatusInfo,
  targetId: string,
  now: number,
  given: StatusGiven = {},
): Promise<LanguageState | undefined> {
  const stored = await store.getTarget(targetId);
  const target = stored && { ...stored, ...given.target };
  const job = target && (await store.getJob(target.jobId));
  if (!target || !job) return undefined;
  const [[approval], [changeRequest], [assignment], comments, delivered] = await Promise.all([
    store.approvalsOf([target.id]),
    store.changeRequestsOf([target.id]),
    store.assignmentsOf([target.id]),
    store.commentsOf(target.id),
    store.deliveredRenders(target.id),
  ]);
  return {
    job,
    target,
    info: 'info' in given ? (given.info ?? null) : target.status === null ? null : describe(target.status),
    approval,
    changeRequest,
    assignment,
    comments,
    renders: renderNumbers(delivered),
    lipsync: given.lipsync,
    now,
  };
}
