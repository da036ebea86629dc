// Who is in a channel, as Slack says (conversations.members, every page), asked only where a payload cannot
// prove it: a modal's submission, a button on a direct message naming a job elsewhere, a shortcut, a person
// named by someone else. A channel's members are kept briefly, for every question about that channel at once
// — paging a 10,000-person channel on each click is the fastest way to Slack's rate limits — and dropped as
// soon as Slack says they changed (member_joined_channel, member_left_channel, channel_left). Only a "yes"
// is taken from memory: a "no" is asked again, so nobody who just joined is refused on an old list. When Slack
// is busy (429, 5xx, no answer) the question is asked again within the ack budget; past it, the caller
// hears MembershipUnknown and answers that it could not check, rather than a wrong yes or no.

/** How long a channel's member list is believed without news from Slack. */
export const MEMBERS_TTL_MS = 60_000;
/** How long a question may take, retries included: Slack wants its ack within 3 s. */
export const ASK_BUDGET_MS = 2_000;
/** Channels remembered at most (the least recently fetched are forgotten first). */
const MAX_CHANNELS = 500;
const FIRST_BACKOFF_MS = 100;

/** Slack could not say, within the ack budget, whether someone is in a channel. */
export class MembershipUnknown extends Error {
  constructor(channel: string, cause: unknown) {
    super(`Slack could not say who is in ${channel} in time`, { cause });
    this.name = 'MembershipUnknown';
  }
}

export interface MembershipOptions {
  /** Every member of a channel (empty when the app cannot see it); throws when Slack did not answer. */
  membersOf(channel: string): Promise<ReadonlySet<string>>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  ttlMs?: number;
  budgetMs?: number;
}

interface Known {
  members: ReadonlySet<string>;
  at: number;
}

export class Membership {
  readonly #o: MembershipOptions;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #known = new Map<string, Known>();
  /** One question per channel at a time: concurrent clicks wait for the same pages. */
  readonly #asking = new Map<string, Promise<ReadonlySet<string>>>();
  /** Bumped by each change Slack reports, so that an answer fetched before it is not kept after it. */
  readonly #changes = new Map<string, number>();

  constructor(options: MembershipOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Whether `user` is in `channel`; throws MembershipUnknown when Slack could not say in time. */
  async isMember(channel: string, user: string): Promise<boolean> {
    const known = this.#known.get(channel);
    if (known && this.#now() - known.at < (this.#o.ttlMs ?? MEMBERS_TTL_MS) && known.members.has(user))
      return true;
    const members = await this.#ask(channel);
    return members.has(user);
  }

  /** Slack said the channel's members changed (someone joined or left, or the app left): ask again next time. */
  forget(channel: string): void {
    this.#known.delete(channel);
    this.#changes.set(channel, (this.#changes.get(channel) ?? 0) + 1);
  }

  #ask(channel: string): Promise<ReadonlySet<string>> {
    const asking = this.#asking.get(channel);
    if (asking) return asking;
    const change = this.#changes.get(channel) ?? 0;
    const question = this.#askWithinBudget(channel)
      .then((members) => {
        if ((this.#changes.get(channel) ?? 0) === change) this.#remember(channel, members);
        return members;
      })
      .finally(() => this.#asking.delete(channel));
    this.#asking.set(channel, question);
    return question;
  }

  async #askWithinBudget(channel: string): Promise<ReadonlySet<string>> {
    const deadline = this.#now() + (this.#o.budgetMs ?? ASK_BUDGET_MS);
    for (let tries = 0; ; tries++) {
      try {
        return await this.#o.membersOf(channel);
      } catch (error) {
        const wait = Math.max(retryAfterMs(error), FIRST_BACKOFF_MS * 2 ** tries);
        if (this.#now() + wait >= deadline) throw new MembershipUnknown(channel, error);
        await this.#sleep(wait);
      }
    }
  }

  #remember(channel: string, members: ReadonlySet<string>): void {
    this.#known.delete(channel);
    this.#known.set(channel, { members, at: this.#now() });
    if (this.#known.size > MAX_CHANNELS) {
      const oldest = this.#known.keys().next().value;
      if (oldest !== undefined) this.#known.delete(oldest);
    }
  }
}

/** The wait a 429 asks for (the Web API client's `retryAfter`, in seconds); 0 for any other failure. */
function retryAfterMs(error: unknown): number {
  const seconds = (error as { retryAfter?: unknown }).retryAfter;
  return typeof seconds === 'number' ? seconds * 1000 : 0;
}
