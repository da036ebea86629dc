// Lip-syncs asked for on a dubbed language, followed by the lip-sync loop until they end.

/** checking: the face check runs · syncing: the lip-sync runs · then done, failed, or no_face. */
export type LipsyncState = 'checking' | 'syncing' | 'done' | 'failed' | 'no_face';

/** A lip-sync asked for on a dubbed language, followed by the lip-sync loop. */
export interface LipsyncTask {
  id: string;
  targetId: string;
  jobId: string;
  projectId: string;
  userId: string;
  multipleFaces: boolean;
  /**
   * The kind asked for: true the free preview (the first minute, from free lip-sync minutes), false the full
   * lip-synced video (paid minutes). null only on a task recorded before people chose: the full one, the default.
   */
  free: boolean | null;
  /** This task asked the service for a face check (so a failed one is not asked again and again). */
  faceCheckAsked: boolean;
  state: LipsyncState;
  /** 0..1 */
  progress: number;
  startedAt: number;
  nextPollAt: number;
}

export interface LipsyncStore {
  /** Records a lip-sync request; undefined while another one of the same target is under way. */
  createLipsync(
    input: Pick<LipsyncTask, 'targetId' | 'jobId' | 'projectId' | 'userId' | 'multipleFaces'> & {
      free: boolean;
    },
    now: number,
  ): Promise<LipsyncTask | undefined>;
  /**
   * Whether a full lip-sync (not a preview) of the project was delivered: the service charges a project's full
   * lip-sync once, so another one is free.
   */
  fullLipsyncDone(projectId: string): Promise<boolean>;
  /** Leases lip-syncs under way whose next look is due. */
  claimDueLipsyncs(owner: string, now: number, leaseMs: number, limit: number): Promise<LipsyncTask[]>;
  /** Saves a look's outcome and frees the lease. */
  updateLipsync(
    id: string,
    change: Partial<Pick<LipsyncTask, 'state' | 'progress' | 'free' | 'nextPollAt' | 'faceCheckAsked'>>,
  ): Promise<void>;
}
