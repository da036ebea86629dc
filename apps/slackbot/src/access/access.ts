// Who may act on what. Every button, modal and shortcut payload names a job, a language, a channel or a
// view that the client sent; none of it is taken on trust. What Slack signs is Slack's word: the channel and
// user of a slash command, and the channel of a click on a message in it (Slack shows the message, and sends
// the click, only to people in that conversation). A job's buttons work only in the job's own channel and
// thread, which the store says; a modal is submitted only by the person it was opened for, with the subject
// and channel it was opened with (kept in the store, never read back from the payload), while they are still
// in that channel — which only Slack can say (access/membership.ts); the account-wide views (the project
// list, glossaries) are limited to the caller's channels, unless the caller is one of the configured admins.
import type { Logger } from 'pino';
import type { Interactions } from '../slack/interactions.ts';
import type { Job, ModalGrant, ModalStore } from '../store/store.ts';
import { type Membership, MembershipUnknown } from './membership.ts';

/** DMs whose person is kept (a bound on memory; cleared whole when reached). */
const MAX_DM_OWNERS = 10_000;

export interface AccessOptions {
  store: ModalStore;
  membership: Pick<Membership, 'isMember'>;
  slack: Pick<Interactions, 'directMessageWith'>;
  /** ADMIN_USER_IDS. */
  admins: readonly string[];
  logger: Logger;
}

/** Where a payload says it comes from: its channel, the thread of the message it acts on, its user. */
export interface Origin {
  user: string;
  channel: string | undefined;
  /** The thread of the message clicked (its thread_ts, or its own ts for a root message). */
  threadTs: string | undefined;
}

export type Verdict = { ok: true } | { ok: false; reason: string };

/** What the person is told: never which channel the thing belongs to, nor whether it exists. */
export const NOT_YOURS = 'That belongs to a conversation you are not in, so nothing was done.';

export class Access {
  readonly #o: AccessOptions;
  readonly #admins: Set<string>;
  readonly #dmOwners = new Map<string, string | undefined>();

  constructor(options: AccessOptions) {
    this.#o = options;
    this.#admins = new Set(options.admins);
  }

  isAdmin(user: string): boolean {
    return this.#admins.has(user);
  }

  /**
   * Whether the user is in the channel, as Slack says (an admin counts as in every channel); throws
   * MembershipUnknown when Slack could not say in time. For what the payload cannot prove.
   */
  async inChannel(channel: string, user: string): Promise<boolean> {
    if (!channel || !user) return false;
    if (this.isAdmin(user)) return true;
    return this.#o.membership.isMember(channel, user);
  }

  /**
   * Whether a conversation a payload names is the user's: a DM only when Slack says it is the app's direct
   * message with them (conversations.info, asked when the payload calls it a DM, since any `D…` id can be
   * written in one); anything else by its members (`inChannel`).
   */
  async inConversation(channel: string, user: string, saysDirect: boolean): Promise<boolean> {
    if (!channel || !user) return false;
    if (saysDirect) return (await this.#directMessageWith(channel)) === user;
    return this.inChannel(channel, user);
  }

  /**
   * Whose DM with the app a channel is: kept once Slack has said (a DM's person never changes); when Slack
   * cannot say, MembershipUnknown, so that the gate keeps the request instead of refusing it.
   */
  async #directMessageWith(channel: string): Promise<string | undefined> {
    if (this.#dmOwners.has(channel)) return this.#dmOwners.get(channel);
    try {
      const owner = await this.#o.slack.directMessageWith(channel);
      if (this.#dmOwners.size >= MAX_DM_OWNERS) this.#dmOwners.clear();
      this.#dmOwners.set(channel, owner);
      return owner;
    } catch (error) {
      throw new MembershipUnknown(channel, error);
    }
  }

  /**
   * A click on one of the job's messages, whose origin Slack signed: the job's own channel and thread. Slack
   * sends such a click only from a conversation the person sees, so nobody is asked about membership.
   */
  onJob(job: Job | undefined, origin: Origin): Verdict {
    if (!job) return { ok: false, reason: 'unknown job' };
    if (!origin.user) return { ok: false, reason: 'no user' };
    if (origin.channel !== job.channel) return { ok: false, reason: 'another channel' };
    if (job.threadTs !== null && origin.threadTs !== job.threadTs)
      return { ok: false, reason: 'another thread' };
    return { ok: true };
  }

  /** A payload about a channel as a whole whose channel Slack does not vouch for (a shortcut): a member of it. */
  async onChannel(origin: Origin): Promise<Verdict> {
    if (!origin.channel) return { ok: false, reason: 'no channel' };
    if (!(await this.inChannel(origin.channel, origin.user))) return { ok: false, reason: 'not a member' };
    return { ok: true };
  }

  /**
   * A modal's submission or one of its buttons: the view must be one the app opened, for this user, with
   * the callback and metadata the app last gave it; and the user still in the channel it acts on.
   */
  async onModal(
    view: { id: string; callbackId: string; privateMetadata: string },
    user: string,
  ): Promise<Verdict & { grant?: ModalGrant }> {
    const grant = await this.#o.store.modalGrant(view.id);
    if (!grant) return { ok: false, reason: 'a view the app did not open' };
    if (grant.opener !== user) return { ok: false, reason: 'opened for someone else' };
    if (grant.callbackId !== view.callbackId || grant.subject !== view.privateMetadata)
      return { ok: false, reason: 'changed metadata' };
    if (!(await this.inChannel(grant.channel, user))) return { ok: false, reason: 'not a member' };
    return { ok: true, grant };
  }

  /** A listener failed: the full error goes to the logs under the request id the person is given. */
  logFailure(requestId: string, detail: Record<string, unknown>, error: unknown): void {
    this.#o.logger.error({ err: error, requestId, ...detail }, 'handling a Slack request failed');
  }

  /** A request the database was away for: nothing was recorded, and the person is told to try again. */
  logBusy(requestId: string, detail: Record<string, unknown>, error: unknown): void {
    this.#o.logger.error(
      { err: error, requestId, ...detail },
      'recording a request failed: the database is not answering',
    );
  }

  /** Refusals are logged with what the payload claimed; the person only hears `NOT_YOURS`. */
  logRefusal(kind: string, detail: Record<string, unknown>, reason: string): void {
    logRefusal(this.#o.logger, kind, detail, reason);
  }
}

/** A refused payload's log line, also for one refused before its tenant was known. */
export function logRefusal(
  logger: Logger,
  kind: string,
  detail: Record<string, unknown>,
  reason: string,
): void {
  logger.warn({ kind, ...detail, reason }, 'refused a payload');
}
