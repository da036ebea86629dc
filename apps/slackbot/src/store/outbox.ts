// The outbox: every Slack write the app owes, keyed so that it happens once, versioned so that only the
// newest content of a message is written, and leased so that one deliverer sends it at a time.

/**
 * files: a language's subtitle files, built when sent · file: a file whose content is in the payload ·
 * render: the reply of a language's render, edited in place when a newer render replaces it.
 */
export type DeliveryKind = 'card' | 'status' | 'reply' | 'render' | 'files' | 'file';

/** Where a write goes when it is not a job's: a channel, or a thread in it. */
export interface Destination {
  channel: string;
  threadTs: string | null;
}

/** A Slack write the app owes, identified by a key so that it happens once. */
export interface DeliveryInput {
  key: string;
  jobId: string;
  kind: DeliveryKind;
  /** True: post into the job's thread; false: post at the channel level (a slash command's card). */
  inThread: boolean;
  /** What to send (rendered text and blocks, or for files what to build them from). */
  payload: unknown;
  /** Set for a write that belongs to no job (a glossary's report): `jobId` then only groups its writes. */
  to?: Destination;
}

export interface Delivery extends DeliveryInput {
  seq: number;
  state: 'pending' | 'sending' | 'done';
  /** The channel it is written into (its job's, or `to`'s). */
  channel: string;
  /** The posted message's ts once posted (status messages and cards are then updated in place). */
  ts: string | null;
  /** The thread it goes into: its `to`'s, or its job's once the job's card opened one (null until then). */
  threadTs: string | null;
  attempts: number;
  /** Tries of this write that failed in a row (its backoff grows with them only). */
  failures: number;
  /** Grows with each change of payload; a completion only counts for the version that was sent. */
  version: number;
  /** A previous try may have reached Slack (the answer was lost, or its writer died): check before posting again. */
  uncertain: boolean;
  /** When it last changed: its last try began, or its payload was replaced. */
  updatedAt: number;
  /**
   * Files uploaded (unshared) for it by an earlier try, recorded before they were attached: a retry attaches
   * these rather than upload them again. Null when none were, or its payload changed since.
   */
  uploadedFiles: string[] | null;
}

/** A channel leased to one writer, with the write it is to make first. */
export interface ClaimedChannel {
  channel: string;
  /** None when the channel's due writes were taken care of between the look-up and the lease. */
  write: Delivery | undefined;
}

/** A leased channel given back, and when it may take its next write (its pace, or Slack's Retry-After). */
export interface ChannelRelease {
  channel: string;
  nextWriteAt: number;
}

export interface OutboxStore {
  /** Adds a delivery; for a key already present, replaces its payload and makes it pending again if changed. */
  enqueue(delivery: DeliveryInput, now: number): Promise<void>;
  /**
   * Leases up to `limit` channels that have a write due and whose pace allows one now, the longest waiting
   * first, so that each channel has one writer at a time (across processes) and channels never wait for each
   * other; each comes with its first due write (as `dueIn` orders them).
   */
  claimWrites(owner: string, now: number, leaseMs: number, limit: number): Promise<ClaimedChannel[]>;
  /**
   * A leased channel's writes that are due, first posts before edits of messages already posted, each in the
   * order it was first enqueued. A write left 'sending' by a writer that died comes back uncertain.
   */
  dueIn(channel: string, now: number, limit: number): Promise<Delivery[]>;
  /** Records that these writes are being tried now (before the calls to Slack). */
  markSending(keys: string[], now: number): Promise<void>;
  /** Records the ids of files uploaded for a write, before they are attached to its message. */
  recordUploads(key: string, fileIds: string[]): Promise<void>;
  /** Marks the version sent as delivered; a newer payload enqueued meanwhile stays pending. */
  completeDelivery(key: string, version: number, ts: string | null, now: number): Promise<void>;
  /**
   * Puts a delivery back for another try at `notBefore`; `uncertain` when the failed try may have reached
   * Slack, `failed` when it counts as one more failure of this write (not when only the channel was busy).
   */
  deferDelivery(
    key: string,
    notBefore: number,
    outcome: { uncertain: boolean; failed: boolean },
  ): Promise<void>;
  /** Gives leased channels back (those `owner` still holds), each with the time of its next write. */
  releaseChannels(owner: string, releases: ChannelRelease[]): Promise<void>;
  getDelivery(key: string): Promise<Delivery | undefined>;
  /** A job's deliveries in the order they were first enqueued. */
  deliveriesOf(jobId: string): Promise<Delivery[]>;
  /**
   * The attempts of a language (its target) that delivered a render: those with a render reply recorded, in
   * order. A failed attempt has none, so the renders a person sees are numbered by these (domain/renders.ts).
   * Looked for among the writes of the language's job: none for a target the store does not have.
   */
  deliveredRenders(targetId: string): Promise<number[]>;
}
