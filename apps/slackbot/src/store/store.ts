// The one interface to the app's state: jobs, their per-language projects, the Slack messages to deliver
// (an outbox, so that a restart posts nothing twice) and the Slack event ids already handled.
// Everything that matters lives here and never only in memory; SQLite implements it (sqlite-store.ts).

/** Where the video comes from: a link, or a file shared in Slack. */
export type JobSource =
  | { kind: 'link'; link: string }
  | { kind: 'file'; fileId: string; name: string; size: number; mimetype: string; url: string };

/**
 * picking: the job card waits for the user's choice · starting: upload and project creation are due ·
 * running: every language has its project · cancelled: the user cancelled before starting.
 */
export type JobState = 'picking' | 'starting' | 'running' | 'cancelled';

export interface Job {
  /** Random, unique; also the base of every project's job tag. */
  id: string;
  /** What caused the job (a message, a command); unique, so that one message never gives two jobs. */
  triggerKey: string;
  state: JobState;
  channel: string;
  /** The thread everything is posted in; null until a slash command's job card is posted. */
  threadTs: string | null;
  userId: string;
  source: JobSource;
  title: string;
  /** Source language, null for auto-detect. */
  srcLang: string | null;
  /** Number of speakers, null for auto. */
  numSpeakers: number | null;
  mediaId: string | null;
  /** Why the media could not be created (the service's status and detail), when it could not. */
  mediaError: string | null;
  createdAt: number;
  startedAt: number | null;
}

/** One destination language of a job: at most one live project at a time (attempt counts retries). */
export interface Target {
  id: string;
  jobId: string;
  dstLang: string;
  attempt: number;
  projectId: string | null;
  /** Set just before asking the service to create the project, so a crash can find what it created. */
  createIntentAt: number | null;
  /** The project's last status seen, or a local failure status (upload_failed) when there is no project. */
  status: string | null;
  statusAt: number | null;
  /** When this attempt started (for the elapsed time). */
  startedAt: number;
  terminal: boolean;
  nextPollAt: number;
  intervalMs: number;
}

export type DeliveryKind = 'card' | 'status' | 'reply' | 'files';

/** A Slack write the app owes, identified by a key so that it happens once. */
export interface DeliveryInput {
  key: string;
  jobId: string;
  kind: DeliveryKind;
  /** True: post into the job's thread; false: post at the channel level (a slash command's card). */
  inThread: boolean;
  /** What to send (rendered text and blocks, or for files what to build them from). */
  payload: unknown;
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

export interface NewJob {
  triggerKey: string;
  channel: string;
  threadTs: string | null;
  userId: string;
  source: JobSource;
  title: string;
  srcLang?: string | null;
  numSpeakers?: number | null;
  /** The Slack event that caused it, recorded in the same transaction. */
  eventId?: string;
}

export interface JobChoice {
  dstLangs: string[];
  srcLang: string | null;
  numSpeakers: number | null;
}

export interface PollResult {
  status: string;
  changed: boolean;
  terminal: boolean;
  nextPollAt: number;
  intervalMs: number;
}

/** A segment as a review modal showed it: what a save is compared against (issue 7). */
export interface ReviewSegment {
  id: string;
  start: string;
  end: string;
  speaker: string | null;
  src: string;
  dst: string;
}

/** What a reviewer changed in one segment (only the fields changed). */
export interface SegmentEdit {
  dst?: string;
  speaker?: string;
  removed?: boolean;
}

/** An open review modal: the segments as they were when it opened, and the edits made on its pages so far. */
export interface ReviewSession {
  id: string;
  targetId: string;
  projectId: string;
  userId: string;
  viewId: string | null;
  page: number;
  baseline: ReviewSegment[];
  edits: Record<string, SegmentEdit>;
  createdAt: number;
  closed: boolean;
}

/** A glossary this app created on the service (the service has no list endpoint). */
export interface GlossaryRecord {
  id: string;
  name: string;
  srcLang: string;
  dstLang: string;
  version: number;
  /** The channel it was created from. */
  channel: string;
  createdBy: string;
  updatedAt: number;
}

/** A channel's defaults, set with `/dub settings` or when a glossary is made the default. */
export interface ChannelSettings {
  channel: string;
  dstLangs: string[];
  /** Default glossaries, at most one per language pair. */
  glossaryIds: string[];
  updatedBy: string;
  updatedAt: number;
}

/** What a language's project is created with besides the job's choice (a glossary, a transcript). */
export interface TargetOptions {
  glossaryId: string | null;
  transcriptId: string | null;
}

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
  /** Whether free lip-sync minutes were used (null until it started). */
  free: boolean | null;
  /** This task asked the service for a face check (so a failed one is not asked again and again). */
  faceCheckAsked: boolean;
  state: LipsyncState;
  /** 0..1 */
  progress: number;
  startedAt: number;
  nextPollAt: number;
}

/** An .srt file dropped for a job before it started: the source side, or the translation into `lang`. */
export interface JobSubtitle {
  name: string;
  side: 'src' | 'dst';
  /** The file's language when known (from its name or the job). */
  lang: string | null;
  text: string;
}

export interface Store {
  /** Records a Slack event id; false when it was already recorded (a redelivery). */
  recordEvent(eventId: string, now: number): boolean;
  hasEvent(eventId: string): boolean;
  /** Creates a job unless one exists for the trigger; `created` says which. */
  createJob(input: NewJob, now: number): { job: Job; created: boolean };
  getJob(id: string): Job | undefined;
  setJobThread(jobId: string, threadTs: string): void;
  /** Moves a picking job to starting with one target per language; undefined when it was not picking. */
  startJob(jobId: string, choice: JobChoice, now: number): Job | undefined;
  cancelJob(jobId: string): boolean;
  /** Leases jobs whose upload or project creation is due (state starting, lease free). */
  claimJobsToStart(owner: string, now: number, leaseMs: number, limit: number): Job[];
  /** Frees a job's lease; it is claimed again from `retryAt` (after a transient failure). */
  releaseJob(jobId: string, owner: string, retryAt: number): void;
  setJobMedia(jobId: string, mediaId: string): void;
  setJobMediaError(jobId: string, error: string): void;
  setJobRunning(jobId: string): void;

  targetsOf(jobId: string): Target[];
  getTarget(id: string): Target | undefined;
  markCreateIntent(targetId: string, now: number): void;
  setTargetProject(targetId: string, projectId: string, now: number): void;
  /** Leases targets whose poll is due. */
  claimDueTargets(owner: string, now: number, leaseMs: number, limit: number): Target[];
  /** Saves a poll's outcome and the Slack writes it causes, atomically, and frees the lease. */
  recordPoll(targetId: string, result: PollResult, now: number, deliveries: DeliveryInput[]): void;
  /** Starts a new attempt for a failed target; undefined when it is not failed. */
  retryTarget(targetId: string, now: number): Target | undefined;
  /** Counts targets that are not terminal (for the tracker's idle check and the bench). */
  activeTargetCount(): number;

  /** Adds a delivery; for a key already present, replaces its payload and makes it pending again if changed. */
  enqueue(delivery: DeliveryInput, now: number): void;
  claimDeliveries(owner: string, now: number, leaseMs: number, limit: number): Delivery[];
  /** Marks the version sent as delivered; a newer payload enqueued meanwhile stays pending. */
  completeDelivery(key: string, version: number, ts: string | null, now: number): void;
  /** Puts a delivery back for another try at `notBefore`; `uncertain` when the failed try may have reached Slack. */
  deferDelivery(key: string, notBefore: number, uncertain: boolean): void;
  getDelivery(key: string): Delivery | undefined;
  deliveriesOf(jobId: string): Delivery[];

  // Review, re-render, glossaries and channel settings (issue 7).
  createReviewSession(
    input: Pick<ReviewSession, 'targetId' | 'projectId' | 'userId' | 'baseline' | 'createdAt'>,
  ): ReviewSession;
  getReviewSession(id: string): ReviewSession | undefined;
  /** Records the modal's view id, the page shown and every edit so far (replacing the previous edits). */
  updateReviewSession(
    id: string,
    change: { viewId?: string; page?: number; edits?: Record<string, SegmentEdit> },
  ): void;
  /** Closes a session; false when it was already closed (a second submission saves nothing). */
  closeReviewSession(id: string): boolean;
  /** Tracks a dubbed target again after a new render started: a new attempt on the same project. */
  resumeTarget(targetId: string, status: string, now: number): Target | undefined;
  /** The job's target whose current project is `projectId`. */
  targetOfProject(projectId: string): Target | undefined;
  /** Jobs started by a user, newest first. */
  recentJobs(userId: string, limit: number): Job[];
  saveGlossary(glossary: GlossaryRecord): void;
  glossaries(): GlossaryRecord[];
  getGlossary(id: string): GlossaryRecord | undefined;
  /** By name, ignoring case. */
  findGlossary(name: string): GlossaryRecord | undefined;
  deleteGlossary(id: string): void;
  channelSettings(channel: string): ChannelSettings | undefined;
  saveChannelSettings(settings: ChannelSettings): void;
  setTargetOptions(jobId: string, dstLang: string, options: TargetOptions): void;
  /** undefined when nothing was chosen for the language (the channel's defaults then apply). */
  targetOptions(jobId: string, dstLang: string): TargetOptions | undefined;
  /** Records a lip-sync request; undefined while another one of the same target is under way. */
  createLipsync(
    input: Pick<LipsyncTask, 'targetId' | 'jobId' | 'projectId' | 'userId' | 'multipleFaces'>,
    now: number,
  ): LipsyncTask | undefined;
  /** Leases lip-syncs under way whose next look is due. */
  claimDueLipsyncs(owner: string, now: number, leaseMs: number, limit: number): LipsyncTask[];
  /** Saves a look's outcome and frees the lease. */
  updateLipsync(
    id: string,
    change: Partial<Pick<LipsyncTask, 'state' | 'progress' | 'free' | 'nextPollAt' | 'faceCheckAsked'>>,
  ): void;
  /** Records that a render is about to be asked of the service (before the call, for a crash to find). */
  recordRenderIntent(targetId: string, userId: string, now: number): void;
  clearRenderIntent(targetId: string): void;
  /** Renders asked for whose outcome was never recorded (the process died in between). */
  renderIntents(): { targetId: string; userId: string; at: number }[];
  /** The job a trigger (a message, a command) opened. */
  jobByTrigger(triggerKey: string): Job | undefined;
  /** The job whose thread this is. */
  jobByThread(channel: string, threadTs: string): Job | undefined;
  /** Keeps a dropped .srt for the job (a file of the same name replaces the earlier one). */
  addSubtitle(jobId: string, subtitle: JobSubtitle): void;
  subtitlesOf(jobId: string): JobSubtitle[];
  /** Channels whose defaults this user set last. */
  channelSettingsBy(userId: string): ChannelSettings[];
  /**
   * Opens a running job for an existing project (`/dub track`), with one language bound to it, polled from
   * now; undefined when the trigger already has a job (the project was adopted before).
   */
  adoptProject(input: NewJob, dstLang: string, projectId: string, now: number): Job | undefined;
  /**
   * Frees every lease at start-up, when this process is the only one using the store (SQLite): work a
   * crashed process held resumes at once, and its interrupted Slack writes are checked before they are redone.
   */
  releaseLeases(): void;
  close(): void;
}
