// Assign a language's review to someone in the job's channel: the assignment is recorded in place of the
// language's earlier one, together with the assignee's direct message (a link to the thread, a Review button),
// which the outbox posts once per language and person (the same person assigned again has it updated, however
// many dialogs named them); the status message is drawn again to say who and by whom.
import type { Access } from '../../access/access.ts';
import { type Assignment, assignedMessageKey } from '../../domain/assignments.ts';
import { languageLabel } from '../../domain/languages.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ApprovalStore, AssignmentStore, JobStore } from '../../store/store.ts';
import type { ThreadDrawer } from '../../thread/drawer.ts';
import type { FeatureServiceOptions } from '../service-options.ts';
import { assignedMessage, assigneeProblem } from './blocks.ts';

export interface AssignServiceOptions
  extends FeatureServiceOptions<AssignmentStore & JobStore & Pick<ApprovalStore, 'changeRequestsOf'>> {
  /** Draws the status message again with who is assigned. */
  drawer: ThreadDrawer;
  slack: Pick<Interactions, 'person' | 'openDirectMessage' | 'permalink'>;
  access: Pick<Access, 'inChannel'>;
}

export type AssignOutcome = { ok: true; message: string } | { ok: false; problem: string };

export class AssignService {
  readonly #o: AssignServiceOptions;
  readonly #now: () => number;

  constructor(options: AssignServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** Who is assigned to review the language now, if anyone. */
  async assigneeOf(targetId: string): Promise<string | undefined> {
    return (await this.#o.store.assignmentsOf([targetId]))[0]?.assignee;
  }

  /**
   * Why `assignee` cannot review the language of a job in `channel`, in the dialog's words: not a person (a
   * bot, the app, a deactivated or unknown account), or not in the channel; undefined when they can.
   */
  async refusal(channel: string, assignee: string): Promise<string | undefined> {
    const kind = await this.#o.slack.person(assignee);
    if (kind !== 'person') return assigneeProblem(kind);
    if (!(await this.#o.access.inChannel(channel, assignee))) return assigneeProblem('outsider');
    return undefined;
  }

  /**
   * Records that `by` asked `assignee` to review the language, as the assignment `id` (the dialog it was made
   * in: the same dialog submitted again changes nothing and sends nothing more).
   */
  async assign(input: {
    id: string;
    targetId: string;
    assignee: string;
    by: string;
  }): Promise<AssignOutcome> {
    const { store, slack } = this.#o;
    const target = await store.getTarget(input.targetId);
    const job = target && (await store.getJob(target.jobId));
    if (!target || !job) return { ok: false, problem: 'That dub no longer exists.' };
    if (!job.threadTs)
      return { ok: false, problem: 'The dub’s thread is not open yet: try again in a moment.' };
    const now = this.#now();
    // Slack's own link to the thread, and the direct message's channel: asked before anything is recorded.
    const [threadLink, dm] = await Promise.all([
      slack.permalink(job.channel, job.threadTs),
      slack.openDirectMessage(input.assignee),
    ]);
    const assignment: Assignment = {
      id: input.id,
      targetId: target.id,
      jobId: job.id,
      assignee: input.assignee,
      assignedBy: input.by,
      at: now,
      threadLink,
    };
    const before = (await store.assignmentsOf([target.id]))[0];
    // Changes asked of the current render: the assignee reads why they are asked, not only that they are.
    const [asked] = await store.changeRequestsOf([target.id]);
    const changes = asked?.attempt === target.attempt ? asked : undefined;
    const message = {
      key: assignedMessageKey(target.id, input.assignee),
      jobId: job.id,
      kind: 'reply' as const,
      inThread: false,
      payload: assignedMessage({
        assignment,
        lang: target.dstLang,
        title: job.title,
        channel: job.channel,
        changes,
      }),
      to: { channel: dm, threadTs: null },
    };
    const recorded = await store.recordAssignment(assignment, [message], now);
    const name = languageLabel(target.dstLang);
    if (!recorded) return { ok: true, message: `${name} is already assigned to <@${input.assignee}>.` };
    await this.#o.drawer.redrawStatus(target.id, now);
    this.#o.wakeDeliverer();
    const whom = input.assignee === input.by ? 'yourself' : `<@${input.assignee}>`;
    if (before?.assignee === input.assignee)
      return {
        ok: true,
        message: `👤 The review of ${name} was already assigned to ${whom}: it now says you asked, and no second message is sent.`,
      };
    return {
      ok: true,
      message: `👤 You assigned the review of ${name} to ${whom}: a direct message with the thread’s link and a Review button is on its way.`,
    };
  }
}
