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
  /** The posted message's ts once posted (status messages and cards are then updated in place). */
  ts: string | null;
  attempts: number;
  /** Grows with each change of payload; a completion only counts for the version that was sent. */
  version: number;
  /** A previous try may have reached Slack before the process died: check before posting again. */
  uncertain: boolean;
}

export interface OutboxStore {
  /** Adds a delivery; for a key already present, replaces its payload and makes it pending again if changed. */
  enqueue(delivery: DeliveryInput, now: number): Promise<void>;
  claimDeliveries(owner: string, now: number, leaseMs: number, limit: number): Promise<Delivery[]>;
  /** Marks the version sent as delivered; a newer payload enqueued meanwhile stays pending. */
  completeDelivery(key: string, version: number, ts: string | null, now: number): Promise<void>;
  /** Puts a delivery back for another try at `notBefore`; `uncertain` when the failed try may have reached Slack. */
  deferDelivery(key: string, notBefore: number, uncertain: boolean): Promise<void>;
  getDelivery(key: string): Promise<Delivery | undefined>;
  /** A job's deliveries in the order they were first enqueued. */
  deliveriesOf(jobId: string): Promise<Delivery[]>;
}
