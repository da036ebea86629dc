// How a run of the "Dub a video" step stands, read from the store each time it is checked: still waiting (its
// job not started, a language under way, a dubbed language's reply and files not yet in the thread, or an
// approval asked for and not given), ended well — the outputs, one entry per language in the order of the
// step's `languages` — or failed, with a reason the workflow's builder can act on.
import { languageName } from '../../domain/languages.ts';
import { renderReplyKey } from '../../domain/renders.ts';
import type { StatusInfo } from '../../dubbing/service.ts';
import { NOT_ENOUGH_MINUTES } from '../../jobs/start.ts';
import type { Job, Store, Target, WorkflowStep } from '../../store/store.ts';

/** The step's outputs, as the manifest declares them. */
export interface DubVideoOutputs {
  dubbed_videos: string[];
  subtitle_files: string[];
  approved_by: string[];
  thread: string;
}

export type StepOutcome =
  | { kind: 'wait'; approvalsAwaited?: Target[] }
  | { kind: 'success'; outputs: DubVideoOutputs }
  | { kind: 'error'; reason: string };

export interface OutcomeDeps {
  store: Pick<Store, 'getJob' | 'targetsOf' | 'getDelivery' | 'approvalsOf'>;
  describe: (status: string | null) => StatusInfo;
  /** The dubbed video's link for a project (the service's), or undefined when it has none. */
  videoLink: (projectId: string) => Promise<string | undefined>;
  /** A link to a message (the job's card, which opens its thread). */
  permalink: (channel: string, ts: string) => Promise<string>;
}

const WAIT: StepOutcome = { kind: 'wait' };

export async function stepOutcome(step: WorkflowStep, deps: OutcomeDeps): Promise<StepOutcome> {
  if (step.problem !== null) return { kind: 'error', reason: step.problem };
  const job = step.jobId === null ? undefined : await deps.store.getJob(step.jobId);
  if (!job) return { kind: 'error', reason: 'The dub this step started no longer exists.' };
  if (job.state === 'cancelled') return { kind: 'error', reason: notInChannel(job) };
  if (job.state === 'stopped')
    return {
      kind: 'error',
      reason: `<@${job.stoppedBy ?? ''}> pressed Stop on the dub in its thread, so it will not finish.`,
    };
  if (job.threadTs === null) {
    // The card opens the thread: one Slack refused for good (the outbox gave it up) never will.
    const card = await deps.store.getDelivery(`card:${job.id}`);
    return card?.state === 'done' && card.ts === null ? { kind: 'error', reason: notInChannel(job) } : WAIT;
  }
  if (job.state !== 'running') return WAIT;
  const targets = await deps.store.targetsOf(job.id);
  if (targets.length === 0 || targets.some((t) => !t.terminal)) return WAIT;
  const dubbed = targets.filter((t) => !deps.describe(t.status).failed);
  if (dubbed.length === 0) return { kind: 'error', reason: everyLanguageFailed(job, targets) };
  // A dubbed language counts once its reply, with its subtitle files, is in the thread; a reply Slack
  // refused for good (the outbox gave it up) is not there.
  const replies = new Map<string, string[]>();
  for (const target of dubbed) {
    const reply = await deps.store.getDelivery(renderReplyKey(target.id, target.attempt));
    if (reply?.state !== 'done') return WAIT;
    if (reply.ts !== null) replies.set(target.id, reply.uploadedFiles ?? []);
  }
  if (replies.size === 0) return { kind: 'error', reason: repliesRefused(job) };
  // Approve is the step's approvers' alone when it names any (approval/service.ts).
  const approvals = new Map(
    (await deps.store.approvalsOf(dubbed.map((t) => t.id))).map((a) => [a.targetId, a]),
  );
  const approver = (target: Target) => {
    const approval = approvals.get(target.id);
    return approval?.attempt === target.attempt ? approval.userId : '';
  };
  if (step.inputs.waitForApproval) {
    const awaited = dubbed.filter((t) => replies.has(t.id) && approver(t) === '');
    if (awaited.length > 0) return { kind: 'wait', approvalsAwaited: awaited };
  }
  const byLanguage = new Map(targets.map((t) => [t.dstLang, t]));
  const outputs: DubVideoOutputs = {
    dubbed_videos: [],
    subtitle_files: [],
    approved_by: [],
    thread: await deps.permalink(job.channel, job.threadTs),
  };
  for (const lang of step.inputs.languages) {
    const target = byLanguage.get(lang);
    const done = target && replies.has(target.id);
    outputs.dubbed_videos.push(
      done && target.projectId ? ((await deps.videoLink(target.projectId)) ?? '') : '',
    );
    outputs.subtitle_files.push(done ? (replies.get(target.id)?.[0] ?? '') : '');
    outputs.approved_by.push(done ? approver(target) : '');
  }
  return { kind: 'success', outputs };
}

/** The app could not post in the step's channel: it is not in it, or was removed from it. */
function notInChannel(job: Job): string {
  return (
    `dubkit cannot post in <#${job.channel}>: it is not in that channel, or was removed from it. ` +
    `Invite it there with /invite @dubkit (or pick another channel in the step), then run the workflow again.`
  );
}

/** The dubs were made, and Slack refused every reply that carries them (the app was removed, say). */
function repliesRefused(job: Job): string {
  return (
    `The dubs are made, but Slack refused dubkit’s replies in <#${job.channel}>: dubkit may have been removed ` +
    `from the channel. Invite it there with /invite @dubkit, then run the workflow again.`
  );
}

/** Why nothing was dubbed: the video refused, the minutes short, or each language's own failure. */
function everyLanguageFailed(job: Job, targets: Target[]): string {
  const langs = targets.map((t) => languageName(t.dstLang)).join(', ');
  if (job.mediaError !== null && !job.mediaReady)
    return `The dubbing service refused the video: ${job.mediaError}. Give the step a link the service can open, or a video file shared in <#${job.channel}>.`;
  if (targets.every((t) => t.status === NOT_ENOUGH_MINUTES))
    return `Not enough minutes left on the account to dub this video into ${langs}: add minutes to the account, or give the step fewer languages, then run the workflow again.`;
  return `Every language failed (${langs}): the replies in the dub’s thread say why.`;
}
