// Slack's own rate limits, played when a test or bench turns them on (`FakeSlackOptions.limits`): every Web
// API method is limited per app per workspace by its tier (Tier 1: 1 call a minute … Tier 4: 100), and
// chat.postMessage per channel at about one message a second instead. Slack lets short bursts through, so
// each limit is a bucket holding a minute's calls (a second's for a channel's posts) refilled evenly; a call
// that finds it empty is answered 429 with the whole seconds until it has room again in Retry-After.

/** Calls a minute per workspace of each tier (api.slack.com/apis/rate-limits). */
const TIERS = { 1: 1, 2: 20, 3: 50, 4: 100 } as const;

/** The tier of each method the app calls; any other method is Tier 3, Slack's most common. */
const METHOD_TIERS: Record<string, keyof typeof TIERS> = {
  'chat.update': 3,
  'chat.delete': 3,
  'chat.postEphemeral': 4,
  'chat.getPermalink': 4,
  'conversations.history': 3,
  'conversations.replies': 3,
  'conversations.members': 4,
  'conversations.info': 3,
  'conversations.open': 3,
  'files.getUploadURLExternal': 4,
  'files.completeUploadExternal': 4,
  'files.info': 4,
  'users.info': 4,
  'usergroups.list': 2,
  'usergroups.users.list': 2,
  'views.open': 4,
  'views.push': 4,
  'views.update': 4,
  'views.publish': 4,
  'auth.test': 4,
};

/** Methods Slack does not limit this way: the OAuth exchange, and Socket Mode's connection. */
const UNLIMITED = new Set(['oauth.v2.access', 'apps.connections.open']);

export interface SlackLimits {
  /** Multiplies every limit (default 1, Slack's own): a test makes them bite sooner with less. */
  scale?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Every workspace's buckets, made as calls arrive. */
export class RateLimits {
  readonly #scale: number;
  readonly #buckets = new Map<string, Bucket>();
  /** 429s answered per workspace. */
  readonly limited = new Map<string, number>();

  constructor(limits: SlackLimits = {}) {
    this.#scale = limits.scale ?? 1;
  }

  /**
   * Takes one call of `method` by workspace `team` (in `channel`, for a post) out of its limit: undefined when
   * it may be served, else the seconds Slack's Retry-After says to wait.
   */
  take(team: string, method: string, channel: string, now: number): number | undefined {
    if (UNLIMITED.has(method)) return undefined;
    const post = method === 'chat.postMessage';
    const perSecond = (post ? 1 : TIERS[METHOD_TIERS[method] ?? 3] / 60) * this.#scale;
    const room = post ? Math.max(1, perSecond) : perSecond * 60;
    const key = post ? `${team} ${method} ${channel}` : `${team} ${method}`;
    const bucket = this.#buckets.get(key) ?? { tokens: room, at: now };
    bucket.tokens = Math.min(room, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    this.limited.set(team, (this.limited.get(team) ?? 0) + 1);
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
  }
}
