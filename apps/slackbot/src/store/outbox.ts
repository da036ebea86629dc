// The outbox: every Slack write the app owes, keyed so that it happens once, versioned so that only the
// newest content of a message is written, and leased so that one deliverer sends it at a time.

/** files: a language's subtitle files, built when sent · file: a file whose content is in the payload. */
export type DeliveryKind = 'card' | 'status' | 'reply' | 'files' | 'file';

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
  attempts: number;
  /** Tries of this write that failed in a row (its backoff grows with them only). */
  failures: number;
  /** Grows with each change of payload; a completion only counts for the version that was sent. */
  version: number;
  /** A previous try may have reached Slack (the answer was lost, or its writer died): check before posting again. */
  uncertain: boolean;
  /** When it last changed: its last try began, or its payload was replaced. */
  updatedAt: number;
}

export interface OutboxStore {
  /** Adds a delivery; for a key already present, replaces its payload and makes it pending again if changed. */
  enqueue(delivery: DeliveryInput, now: number): Promise<void>;
  /**
   * Leases channels that have a write due and whose pace allows one now, so that each channel has one writer
   * at a time (across processes) and channels never wait for each other.
   */
  claimChannels(owner: string, now: number, leaseMs: number, limit: number): Promise<string[]>;
  /**
   * A leased channel's writes that are due, first posts before edits of messages already posted, each in the
   * order it was first enqueued. A write left 'sending' by a writer that died comes back uncertain.
   */
  dueIn(channel: string, now: number, limit: number): Promise<Delivery[]>;
  /** Records that the write is being tried now (before the call to Slack). */
  markSending(key: string, now: number): Promise<void>;
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
  /** Gives the channel back; its next write not before `nextWriteAt` (its pace, or Slack's Retry-After). */
  releaseChannel(channel: string, owner: string, nextWriteAt: number): Promise<void>;
  getDelivery(key: string): Promise<Delivery | undefined>;
  /** A job's deliveries in the order they were first enqueued. */
  deliveriesOf(jobId: string): Promise<Delivery[]>;
}
