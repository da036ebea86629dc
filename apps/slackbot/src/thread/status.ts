// The one place a language's status message is drawn: from what the store knows of it — its stage and
// progress, a lip-sync under way, who approved its current render, who is assigned to review it, and the
// Assign… button — under the message's one key. Writers
// record a fact, then ask for the message again (`redrawStatus`); nothing else builds a `status:` write.
import type { StatusInfo } from '../dubbing/service.ts';
import type {
  Approval,
  Assignment,
  ChangeRequest,
  DeliveryInput,
  Job,
  Store,
  Target,
} from '../store/store.ts';
import { reviewedStatus } from '../ui/approval.ts';
import { assignedText, assignmentBlocks } from '../ui/assign.ts';
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
  /** Changes asked of its current render (an older render's do not count). */
  changeRequest?: ChangeRequest | undefined;
  /** A lip-sync under way: its stage in words, its progress, when it started. */
  lipsync?: { label: string; progress: number; startedAt: number } | undefined;
  /** Who is assigned to review it (of any render: an assignment outlives a new render). */
  assignment?: Assignment | undefined;
  now: number;
}

/** The status message's key: one message per language, edited in place. */
export const statusKey = (targetId: string) => `status:${targetId}`;

/** The language's status message as it should read in this state. */
export function statusDelivery(state: LanguageState): DeliveryInput {
  const { job, target, info, lipsync, now } = state;
  const content = lipsync
    ? statusMessage({
        lang: target.dstLang,
        phase: 'running',
        stageLabel: lipsync.label,
        progress: lipsync.progress,
        elapsedMs: now - lipsync.startedAt,
        startedAt: lipsync.startedAt,
        projectId: target.projectId,
      })
    : statusMessage({
        lang: target.dstLang,
        phase: info?.failed ? 'failed' : info?.terminal ? 'dubbed' : 'running',
        stageLabel: info?.label ?? (job.mediaId ? 'Creating the project' : 'Uploading the video'),
        progress: info?.progress ?? 0,
        // An ended dub took as long as it took: to when its end was seen, however late this is drawn.
        elapsedMs: (info?.terminal ? (target.statusAt ?? now) : now) - target.startedAt,
        startedAt: target.startedAt,
        projectId: target.projectId,
        // Support finds an unknown status's raw text in the log by its id; the text itself is never shown.
        serviceStatus: info?.supportId ?? target.status,
        stoppedBy: target.stoppedBy,
      });
  const approval = state.approval?.attempt === target.attempt ? state.approval : undefined;
  const changeRequest = state.changeRequest?.attempt === target.attempt ? state.changeRequest : undefined;
  // Its review state, kept through a lip-sync: approved, changes requested, or once dubbed waiting (a new
  // render waits again).
  const dubbed = !lipsync && info?.terminal === true && !info.failed;
  const reviewed =
    dubbed || approval || changeRequest
      ? reviewedStatus(content, { approval, changeRequest, render: target.attempt })
      : content;
  // Someone can be asked to review it while it is dubbed or on its way, until its render is approved.
  const offer = !target.stoppedBy && !info?.failed && !approval;
  return {
    key: statusKey(target.id),
    jobId: job.id,
    kind: 'status',
    inThread: true,
    payload: withAssignment(reviewed, target.id, state.assignment, offer),
  };
}

/** The message with who is assigned to review it, and the Assign… button when offered. */
function withAssignment(
  content: MessageContent,
  targetId: string,
  assignment: Assignment | undefined,
  offer: boolean,
): MessageContent {
  const blocks = assignmentBlocks(targetId, assignment, offer);
  if (blocks.length === 0) return content;
  return { text: assignedText(content.text, assignment), blocks: [...content.blocks, ...blocks] };
}

/** What the store knows of the language now, with `given` (what the caller has just learnt) over it. */
export async function languageState(
  store: Pick<Store, 'getTarget' | 'getJob' | 'approvalsOf' | 'changeRequestsOf' | 'assignmentsOf'>,
  describe: (status: string) => StatusInfo,
  targetId: string,
  now: number,
  given: Partial<Pick<LanguageState, 'info' | 'lipsync'>> = {},
): Promise<LanguageState | undefined> {
  const target = await store.getTarget(targetId);
  const job = target && (await store.getJob(target.jobId));
  if (!target || !job) return undefined;
  const [[approval], [changeRequest], [assignment]] = await Promise.all([
    store.approvalsOf([target.id]),
    store.changeRequestsOf([target.id]),
    store.assignmentsOf([target.id]),
  ]);
  return {
    job,
    target,
    info: 'info' in given ? (given.info ?? null) : target.status === null ? null : describe(target.status),
    approval,
    changeRequest,
    assignment,
    lipsync: given.lipsync,
    now,
  };
}

/** Records the language's status message as drawn from the store now; false when the language is gone. */
export async function redrawStatus(
  store: Pick<
    Store,
    'getTarget' | 'getJob' | 'approvalsOf' | 'changeRequestsOf' | 'assignmentsOf' | 'enqueue'
  >,
  describe: (status: string) => StatusInfo,
  targetId: string,
  now: number,
  given: Partial<Pick<LanguageState, 'info' | 'lipsync'>> = {},
): Promise<boolean> {
  const state = await languageState(store, describe, targetId, now, given);
  if (!state) return false;
  await store.enqueue(statusDelivery(state), now);
  return true;
}
