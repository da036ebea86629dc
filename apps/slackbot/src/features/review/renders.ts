// Rendering a dubbed language again, after the listener acked: its price first (what the saves changed since
// the last render, priced on the segments' lengths now, and the minutes left), then the render itself (its
// intent recorded before `generate` is asked, so a restart follows it; the language's status message resumes
// and the new files arrive as a new reply; minutes that run short are explained).
import { minutesLeft } from '../../domain/credits.ts';
import { languageName } from '../../domain/languages.ts';
import { shownRender } from '../../domain/renders.ts';
import { BusyError, NotEnoughMinutesError } from '../../dubbing/service.ts';
import { approverAnswer, type UserGroups } from '../../slack/usergroups.ts';
import type {
  Approval,
  ApprovalStore,
  ApproverStore,
  CommentStore,
  JobStore,
  OutboxStore,
  RedubStore,
  ReviewStore,
} from '../../store/store.ts';
import type { ThreadDrawer } from '../../thread/drawer.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import type { FeatureServiceOptions } from '../service-options.ts';
import { type RenderCost, renderCost } from './cost.ts';
import { dubbedLanguage, type Outcome } from './dubbed.ts';
import { approverAsked, offersRender, renderedSummary, renderRequested } from './thread-blocks.ts';

export interface RendersOptions
  extends FeatureServiceOptions<
    JobStore &
      OutboxStore &
      RedubStore &
      ReviewStore &
      ApprovalStore &
      ApproverStore &
      Pick<CommentStore, 'resolveComments'>
  > {
  /** Draws the status message again as a render resumes it. */
  drawer: ThreadDrawer;
  wakeTracker: () => void;
  /** Who is in a user group a channel names as approvers (asked when a render would follow an approval). */
  groups?: UserGroups;
}

/** An approved render about to be followed by a newer one: who approved it, and whom to ask first. */
export interface ApprovedRender {
  approval: Approval;
  /** The approved render's number as people see it (shownRender). */
  render: number;
  /** The channel's approvers, when it names some and the person is not one of them; else empty. */
  askFirst: string[];
}

/** The status a resumed language has until the first poll: never a status the service reports. */
export const RENDER_REQUESTED = 'render_requested';
/** Why a render was not asked for: nothing the dub says changed (a fixed source alone changes nothing heard). */
export function nothingToRender(lang: string, sourceOnly: boolean): string {
  return (
    `Nothing to render: no translation, timing, speaker or voice of ${languageName(lang)} changed since its last ` +
    `render${sourceOnly ? ' (a fixed source alone changes nothing heard: check the translation in the review)' : ''}, ` +
    'so nothing was rendered and no minutes were used.'
  );
}

export class Renders {
  readonly #o: RendersOptions;
  readonly #now: () => number;

  constructor(options: RendersOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * What rendering a dubbed language again will cost: the segments changed and added since its last render, as
   * the app recorded them, priced by the vendor's rule on their length on the service now; and the minutes left.
   */
  async estimate(
    targetId: string,
  ): Promise<Outcome<{ lang: string; cost: RenderCost; minutesLeft: number; sourceFixes: number }>> {
    const found = await dubbedLanguage(this.#o.store, this.#o.dubbing, targetId);
    if (!found.ok) return found;
    const { target } = found.value;
    const [segments, credits, changes] = await Promise.all([
      this.#o.dubbing.getSegments(target.projectId),
      this.#o.dubbing.credits(),
      this.#o.store.redubChanges(targetId),
    ]);
    return {
      ok: true,
      value: {
        lang: target.dstLang,
        cost: renderCost(segments, changes),
        minutesLeft: minutesLeft(credits),
        sourceFixes: changes.filter((c) => c.kind === 'source').length,
      },
    };
  }

  /**
   * Renders a dubbed language again; its status message resumes and the new files come as a new reply. The
   * intent is recorded before `generate` is asked, so that a crash between the two is followed up at start.
   * Minutes that run short (402) are a problem in words, not an error: nothing was rendered, the edits stay.
   */
  async render(targetId: string, userId: string): Promise<Outcome<void>> {
    const { store, dubbing } = this.#o;
    const found = await dubbedLanguage(this.#o.store, this.#o.dubbing, targetId);
    if (!found.ok) return found;
    const { target } = found.value;
    const changes = await store.redubChanges(targetId);
    if (!changes.some((c) => c.kind !== 'source'))
      return { ok: false, problem: nothingToRender(target.dstLang, changes.length > 0) };
    await store.recordRenderIntent(targetId, userId, this.#now());
    let status: string;
    try {
      status = (await dubbing.generate(target.projectId)).status ?? RENDER_REQUESTED;
    } catch (error) {
      if (error instanceof NotEnoughMinutesError) {
        await store.clearRenderIntent(targetId);
        return { ok: false, problem: await this.#shortOfMinutes(targetId, target.dstLang) };
      }
      if (!(error instanceof BusyError)) {
        await store.clearRenderIntent(targetId);
        throw error;
      }
      // Still processing: a render already under way (asked for just before a restart, say) is followed.
      status = (await dubbing.getProject(target.projectId)).status ?? RENDER_REQUESTED;
    }
    return await this.#follow(targetId, userId, status);
  }

  /**
   * The approval of the language's current render, which a render again would follow with a newer one (the
   * approval stays on its render); undefined when it has none. `askFirst` names the channel's approvers when
   * it names some and `userId` is not among them (or that could not be checked).
   */
  async approvedRender(targetId: string, userId: string): Promise<ApprovedRender | undefined> {
    const { store } = this.#o;
    const target = await store.getTarget(targetId);
    const job = target && (await store.getJob(target.jobId));
    const [approval] = await store.approvalsOf([targetId]);
    if (!target || !job || approval?.attempt !== target.attempt) return undefined;
    const render = shownRender(approval.attempt, await store.deliveredRenders(targetId));
    const approvers = await store.channelApprovers(job.channel);
    if (approvers.length === 0) return { approval, render, askFirst: [] };
    const answer = await approverAnswer(approvers, userId, this.#o.groups);
    return { approval, render, askFirst: answer === 'yes' ? [] : approvers };
  }

  /**
   * Asks the channel's approvers in the thread before rendering an approved language again: one reply per
   * person and render, mentioning them, with Render again for whoever decides. Nothing is rendered.
   */
  async askApprovers(targetId: string, userId: string): Promise<Outcome<string>> {
    const { store } = this.#o;
    const approved = await this.approvedRender(targetId, userId);
    const target = await store.getTarget(targetId);
    if (!approved || !target)
      return {
        ok: false,
        problem: 'That render is no longer approved: nothing to ask, and nothing was done.',
      };
    const approvers = approved.askFirst.length > 0 ? approved.askFirst : [approved.approval.userId];
    await store.enqueue(
      {
        key: `ask-approver:${target.id}.${target.attempt}:${userId}`,
        jobId: target.jobId,
        kind: 'reply',
        inThread: true,
        payload: approverAsked({
          userId,
          lang: target.dstLang,
          targetId,
          approved: { render: approved.render, userId: approved.approval.userId },
          approvers,
        }),
      },
      this.#now(),
    );
    this.#o.wakeDeliverer();
    return {
      ok: true,
      value: `🙋 Asked in the thread; nothing was rendered. Whoever decides can press *Render again* there.`,
    };
  }

  /** Why a render was refused for want of minutes, with its price and the minutes left when they can be read. */
  async #shortOfMinutes(targetId: string, lang: string): Promise<string> {
    const name = languageName(lang);
    const what =
      `Nothing was rendered and your edits are kept: add minutes to the account (or undo some edits), ` +
      'then press *Render again*.';
    try {
      const estimate = await this.estimate(targetId);
      if (estimate.ok) {
        const { cost, minutesLeft } = estimate.value;
        const needs = `${cost.minutes} minute${cost.minutes === 1 ? '' : 's'}`;
        return `💳 Not enough minutes left to render ${name} again: it needs about ${needs} and ${minutesLeft} ${minutesLeft === 1 ? 'is' : 'are'} left. ${what}`;
      }
    } catch {
      // The explanation goes out without the figures.
    }
    return `💳 Not enough minutes left on the account to render ${name} again. ${what}`;
  }

  /** At start: renders asked for just before the process stopped are followed like any other. */
  async recoverRenders(): Promise<void> {
    for (const intent of await this.#o.store.renderIntents()) {
      const target = await this.#o.store.getTarget(intent.targetId);
      if (!target?.projectId || !target.terminal) {
        await this.#o.store.clearRenderIntent(intent.targetId);
        continue;
      }
      const status = (await this.#o.dubbing.getProject(target.projectId)).status ?? RENDER_REQUESTED;
      await this.#follow(intent.targetId, intent.userId, status);
    }
  }

  /**
   * The summaries whose Render again this render carried out (every edit and speakers change since the last
   * render) lose the button: pressed again it would find nothing to render. Edited under their own keys.
   */
  async #retireSummaries(jobId: string, targetId: string, userId: string, now: number): Promise<void> {
    const { store } = this.#o;
    for (const reply of await store.deliveriesOf(jobId)) {
      const content = reply.payload as MessageContent;
      if (reply.kind !== 'reply' || !Array.isArray(content?.blocks) || !offersRender(content, targetId))
        continue;
      const { key, inThread, kind } = reply;
      await store.enqueue({ key, jobId, kind, inThread, payload: renderedSummary(content, { userId }) }, now);
    }
  }

  /** Tracks the language again from `status`: its status message resumes; the render is announced once. */
  async #follow(targetId: string, userId: string, status: string): Promise<Outcome<void>> {
    const { store } = this.#o;
    const now = this.#now();
    const resumed = await store.resumeTarget(targetId, RENDER_REQUESTED, now);
    await store.clearRenderIntent(targetId);
    // The lines this render changes close the comments made on them before it.
    const changed = (await store.redubChanges(targetId)).filter((c) => c.kind === 'edited');
    if (resumed)
      await store.resolveComments(
        targetId,
        changed.map((c) => c.ref),
        resumed.attempt,
      );
    // The render under way was charged for what changed until now; the next one starts from nothing.
    await store.clearRedubChanges(targetId, now);
    const job = resumed && (await store.getJob(resumed.jobId));
    if (!resumed || !job) {
      const lang = (await store.getTarget(targetId))?.dstLang ?? '';
      return { ok: false, problem: `${languageName(lang)} is already being rendered.` };
    }
    const described = this.#o.dubbing.describeStatus(status);
    const info = described.terminal
      ? { label: 'Rendering again', progress: 0, terminal: false, failed: false }
      : described;
    // Drawn from the store: whoever is assigned to review the language stays named through the render.
    await this.#o.drawer.redrawStatus(resumed.id, now, { info, target: resumed });
    await this.#retireSummaries(job.id, resumed.id, userId, now);
    await store.enqueue(
      {
        key: `render:${resumed.id}.${resumed.attempt}`,
        jobId: job.id,
        kind: 'reply',
        inThread: true,
        payload: renderRequested({ userId, lang: resumed.dstLang }),
      },
      now,
    );
    this.#o.wakeDeliverer();
    this.#o.wakeTracker();
    return { ok: true, value: undefined };
  }
}
