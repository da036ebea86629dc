// Approve on a dubbed language's reply: records who approved which render and when, and edits the language's
// status message to say so (through the outbox, under the status message's own key). A render afterwards starts
// a new attempt, which nobody has approved: its status updates drop the line, Home says it waits for review.
// A channel that names approvers (`/dub settings`) leaves Approve and Request changes to them: who may is read
// from the store each time, never from what the click carries.

import { assignedNoticeKey } from '../../domain/assignments.ts';
import { languageName } from '../../domain/languages.ts';
import { type RenderNumbers, renderNumbers, renderReplyKey } from '../../domain/renders.ts';
import type { Interactions } from '../../slack/interactions.ts';
import { approverAnswer, type UserGroups } from '../../slack/usergroups.ts';
import type {
  Approval,
  ApprovalStore,
  ApproverStore,
  AssignmentStore,
  ChangeRequest,
  DeliveryInput,
  Job,
  JobStore,
  OutboxStore,
  ReviewStore,
  Target,
  WorkflowStepStore,
} from '../../store/store.ts';
import type { ThreadDrawer } from '../../thread/drawer.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import { assignedReview } from '../assign/register.ts';
import { supersededAnswer } from '../current-render.ts';
import { review } from '../review/register.ts';
import type { FeatureServiceOptions } from '../service-options.ts';
import {
  alreadyApproved,
  approvedAlready,
  approvedReply,
  approversOnly,
  changesRequestedDm,
  changesRequestedReply,
  type Fixer,
  REASON_MAX,
  stepApproversOnly,
  unchecked,
  type Waiting,
  waitingList,
} from './blocks.ts';

/** Languages read for `/dub list waiting`; the list shows fewer (see waitingList). */
const WAITING_LIMIT = 100;

export type ApproveOutcome =
  | { ok: true; approval: Approval; message: string }
  | { ok: false; problem: string };

export interface ApprovalServiceOptions
  extends FeatureServiceOptions<
    ApprovalStore &
      ApproverStore &
      JobStore &
      Pick<OutboxStore, 'getDelivery' | 'enqueue' | 'deliveredRenders'> &
      Pick<AssignmentStore, 'assignmentsOf'> &
      Pick<ReviewStore, 'lastEditorOf'> &
      Pick<WorkflowStepStore, 'stepApprovers'>
  > {
  groups?: UserGroups;
  /** The assignee's direct message and the thread's link, for a change request that reaches them. */
  slack: Pick<Interactions, 'openDirectMessage' | 'permalink'>;
  /** Draws the status message again with the review state. */
  drawer: ThreadDrawer;
}

export class ApprovalService {
  readonly #o: ApprovalServiceOptions;
  readonly #now: () => number;

  /** `groups`: who is in a user group a channel names as approvers (asked at each click). */
  constructor(options: ApprovalServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Approves `render` of the language, which must be its newest; an earlier approval of the same render
   * stands.
   */
  async approve(targetId: string, userId: string, render: number): Promise<ApproveOutcome> {
    const store = this.#o.store;
    const checked = await this.approvable(targetId, userId, render);
    if (!checked.ok) return checked;
    const { target } = checked;
    const name = languageName(target.dstLang);
    const now = this.#now();
    const approval = await store.recordApproval({ targetId, attempt: target.attempt, userId, at: now });
    const renders = await this.renderNumbers(target.id);
    if (approval.userId !== userId || approval.at !== now) {
      return {
        ok: true,
        approval,
        message: `Render ${renders(render)} of ${name} was already approved by <@${approval.userId}>.`,
      };
    }
    // The status message, drawn again from the store, now carries the approval; so does the render's reply,
    // for good (a newer render's arrival edits it again, keeping the approval).
    await this.#o.drawer.redrawStatus(target.id, now);
    const reply = await store.getDelivery(renderReplyKey(target.id, render));
    if (reply?.kind === 'render') {
      const { key, jobId, kind, inThread } = reply;
      const payload = approvedReply(reply.payload as MessageContent, approval, renders);
      await store.enqueue({ key, jobId, kind, inThread, payload }, now);
    }
    this.#o.wakeDeliverer();
    return { ok: true, approval, message: `✅ You approved render ${renders(render)} of ${name}.` };
  }

  /**
   * Whether `userId` may approve `render` of the language now: one of the channel's approvers (when it names
   * any), the render its newest, dubbed and not failed. Approve asks this before it looks at QA flags.
   */
  async approvable(
    targetId: string,
    userId: string,
    render: number,
  ): Promise<{ ok: true; target: Target; job: Job } | { ok: false; problem: string }> {
    const store = this.#o.store;
    const target = await store.getTarget(targetId);
    const job = target && (await store.getJob(target.jobId));
    if (!target || !job) return { ok: false, problem: 'That dub no longer exists.' };
    const refusal = await this.#approverRefusal(job, userId);
    if (refusal) return { ok: false, problem: refusal };
    const name = languageName(target.dstLang);
    const info = this.#o.dubbing.describeStatus(target.status ?? '');
    if (!target.terminal)
      return { ok: false, problem: `${name} is being rendered right now; approve it once it is ready.` };
    if (info.failed) return { ok: false, problem: `The ${name} dub failed: there is nothing to approve.` };
    const renders = await this.renderNumbers(target.id);
    if (render !== target.attempt)
      return {
        ok: false,
        problem: supersededAnswer(target.dstLang, renders(render), renders(target.attempt)),
      };
    const [approval] = await store.approvalsOf([target.id]);
    if (approval?.attempt === render)
      return { ok: false, problem: alreadyApproved(target.dstLang, approval, renders) };
    return { ok: true, target, job };
  }

  /**
   * Why `userId` may not approve the job's languages: a workflow step that opened the job naming approvers
   * leaves Approve to them, whoever the channel names; otherwise the channel's approvers decide.
   */
  async #approverRefusal(job: Job, userId: string): Promise<string | undefined> {
    const stepApprovers = await this.#o.store.stepApprovers(job.id);
    if (stepApprovers.length === 0) return this.reviewerRefusal(job.channel, userId, 'approve');
    return stepApprovers.includes(userId) ? undefined : stepApproversOnly(stepApprovers);
  }

  /**
   * Why `userId` may not approve or request changes in `channel` (it names approvers, and not them), in the
   * words they get; undefined when they may.
   */
  async reviewerRefusal(
    channel: string,
    userId: string,
    act: 'approve' | 'request changes',
  ): Promise<string | undefined> {
    const approvers = await this.#o.store.channelApprovers(channel);
    if (approvers.length === 0) return undefined;
    // A named user group: its members now, asked of Slack at this click, never remembered.
    const answer = await approverAnswer(approvers, userId, this.#o.groups);
    if (answer === 'yes') return undefined;
    return answer === 'unchecked' ? unchecked(act) : approversOnly(approvers, act);
  }

  /** Asks for changes to `render` of the language, which must be its newest, dubbed and not approved. */
  async requestChanges(
    targetId: string,
    userId: string,
    render: number,
    reason: string,
  ): Promise<{ ok: true; message: string } | { ok: false; problem: string }> {
    const store = this.#o.store;
    const target = await store.getTarget(targetId);
    const job = target && (await store.getJob(target.jobId));
    if (!target || !job) return { ok: false, problem: 'That dub no longer exists.' };
    const refusal = await this.reviewerRefusal(job.channel, userId, 'request changes');
    if (refusal) return { ok: false, problem: refusal };
    const name = languageName(target.dstLang);
    const renders = await this.renderNumbers(target.id);
    if (render !== target.attempt)
      return {
        ok: false,
        problem: supersededAnswer(target.dstLang, renders(render), renders(target.attempt)),
      };
    if (!target.terminal || this.#o.dubbing.describeStatus(target.status ?? '').failed)
      return { ok: false, problem: `${name} has no finished render to ask changes of.` };
    // An approval belongs to its render for good: what should change goes into a newer render.
    const [approval] = await store.approvalsOf([target.id]);
    if (approval?.attempt === render)
      return { ok: false, problem: approvedAlready(target.dstLang, approval, renders) };
    const kept = reason.slice(0, REASON_MAX);
    const to = await this.whoFixes(target, job);
    // Slack is asked first (the direct message's channel, the thread's link): nothing is recorded if it fails.
    const dm = to.as === 'assignee' ? await this.#directMessage(job, to.userId) : undefined;
    const now = this.#now();
    await store.recordChangeRequest({ targetId, attempt: render, userId, reason: kept, at: now });
    await this.#o.drawer.redrawStatus(target.id, now);
    const words = { by: userId, lang: target.dstLang, render: renders(render), reason: kept };
    const label = `Review ${name}`;
    const writes: DeliveryInput[] = [
      {
        key: `changes:${target.id}.${render}.${now}`,
        jobId: job.id,
        kind: 'reply',
        inThread: true,
        payload: changesRequestedReply({ ...words, to, review: review.element(label, target.id, 'primary') }),
      },
    ];
    if (dm)
      writes.push({
        key: assignedNoticeKey(target.id, to.userId, `changes.${render}.${now}`),
        jobId: job.id,
        kind: 'reply',
        inThread: false,
        payload: changesRequestedDm({
          ...words,
          title: job.title,
          channel: job.channel,
          threadLink: dm.threadLink,
          review: assignedReview.element(label, target.id, 'primary'),
        }),
        to: { channel: dm.channel, threadTs: null },
      });
    for (const write of writes) await store.enqueue(write, now);
    this.#o.wakeDeliverer();
    const reached = to.as === 'assignee' ? ', and in their direct message' : '';
    return {
      ok: true,
      message: `✋ You asked for changes to render ${renders(render)} of ${name}: the thread says why and mentions <@${to.userId}>${reached}.`,
    };
  }

  /** The render numbers people see for the language's attempts (a failed attempt is not a render). */
  async renderNumbers(targetId: string): Promise<RenderNumbers> {
    return renderNumbers(await this.#o.store.deliveredRenders(targetId));
  }

  /**
   * Who makes the changes asked of a language: whoever is assigned to review it, else whoever last saved edits
   * to it, else whoever started the job.
   */
  async whoFixes(target: Target, job: Job): Promise<Fixer> {
    const [assignment] = await this.#o.store.assignmentsOf([target.id]);
    if (assignment) return { userId: assignment.assignee, as: 'assignee' };
    const editor = await this.#o.store.lastEditorOf(target.id);
    if (editor) return { userId: editor, as: 'editor' };
    return { userId: job.userId, as: 'owner' };
  }

  /** The assignee's direct message channel, and the thread's link when the thread is open. */
  async #directMessage(job: Job, assignee: string) {
    const { slack } = this.#o;
    const [channel, threadLink] = await Promise.all([
      slack.openDirectMessage(assignee),
      job.threadTs ? slack.permalink(job.channel, job.threadTs) : Promise.resolve(null),
    ]);
    return { channel, threadLink };
  }

  /** `/dub list waiting`: the channel's dubbed languages whose current render nobody approved yet. */
  async waitingIn(channel: string): Promise<MessageContent> {
    const store = this.#o.store;
    const waiting: Waiting[] = [];
    for (const { jobId, targetId } of await store.unapprovedIn(channel, WAITING_LIMIT)) {
      const [job, target] = await Promise.all([store.getJob(jobId), store.getTarget(targetId)]);
      // Ended is not dubbed: a failed language has nothing to review.
      if (!job || !target || this.#o.dubbing.describeStatus(target.status ?? '').failed) continue;
      // An earlier render's approval stays with it, said beside the newer render that waits.
      const earlier = (await this.earlier([target])).get(target.id);
      const renders = await this.renderNumbers(target.id);
      waiting.push({
        title: job.title,
        lang: target.dstLang,
        render: renders(target.attempt),
        ...(earlier ? { earlier: { render: renders(earlier.attempt), userId: earlier.userId } } : {}),
      });
    }
    return waitingList(channel, waiting);
  }

  /** The change requests in force: of each target's current render only. */
  async changesRequested(targets: readonly Target[]): Promise<Map<string, ChangeRequest>> {
    const attempts = new Map(targets.map((t) => [t.id, t.attempt]));
    const found = await this.#o.store.changeRequestsOf(targets.map((t) => t.id));
    return new Map(found.filter((c) => attempts.get(c.targetId) === c.attempt).map((c) => [c.targetId, c]));
  }

  /**
   * The approvals of an earlier render than each target's current one: they stay with the render they
   * approved, shown beside the newer render waiting.
   */
  async earlier(targets: readonly Target[]): Promise<Map<string, Approval>> {
    const attempts = new Map(targets.map((t) => [t.id, t.attempt]));
    const found = await this.#o.store.approvalsOf(targets.map((t) => t.id));
    return new Map(
      found.filter((a) => a.attempt < (attempts.get(a.targetId) ?? 0)).map((a) => [a.targetId, a]),
    );
  }

  /** The approvals in force: of each target's current render only. */
  async current(targets: readonly Target[]): Promise<Map<string, Approval>> {
    const attempts = new Map(targets.map((t) => [t.id, t.attempt]));
    const found = await this.#o.store.approvalsOf(targets.map((t) => t.id));
    return new Map(found.filter((a) => attempts.get(a.targetId) === a.attempt).map((a) => [a.targetId, a]));
  }
}
