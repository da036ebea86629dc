// Requests the app acknowledged but could not check yet (Slack did not say, within the ack budget, whether the
// sender is in the channel the request acts on): kept as Slack sent them, and run again once Slack answers.

/** A kept request: Slack's payload as it arrived, and how often it was tried again. */
export interface DeferredRequest {
  id: string;
  body: unknown;
  tries: number;
  createdAt: number;
}

export interface DeferredRequestStore {
  /** Keeps a request to be run again from `now`. */
  deferRequest(id: string, body: unknown, now: number): Promise<void>;
  /** Up to `limit` kept requests due by `now`, the oldest first. */
  dueRequests(now: number, limit: number): Promise<DeferredRequest[]>;
  /**
   * Takes a due request for one run, holding it from the others (replicas) until `now + holdMs`; false when
   * another took it first.
   */
  claimRequest(id: string, now: number, holdMs: number): Promise<boolean>;
  /** A run that still could not check it: due again at `notBefore`, one more try counted. */
  retryRequest(id: string, notBefore: number): Promise<void>;
  /** A request run (or given up on): forgotten. */
  finishRequest(id: string): Promise<void>;
}
