// Jobs and their languages: what caused a job (once per Slack event), what it dubs, each language's
// project and its polling, the options chosen per language and the .srt files dropped for it.
import type { AutopilotMark } from '../domain/autopilot.ts';
import type { JobChoice, JobSource } from '../domain/jobs.ts';
import type { DeliveryInput } from './outbox.ts';

export type { JobChoice, JobSource };

/** What a `/dub` command asked for, kept until its channel is checked: languages (none: the card), and where to answer. */
export interface JobRequest {
  dstLangs: string[];
  /** Languages the command named in words: ticked on its card, not started (absent in older records). */
  preselect?: string[];
  /** The command's response_url, to tell the person when the app cannot post in the channel. */
  responseUrl: string | null;
}

/** What a card's picker holds while it waits for Start: its languages and glossaries. */
export interface PickedChoice {
  dstLangs: string[];
  glossaryIds?: string[];
}

/**
 * requested: a `/dub` command was recorded; its channel is checked, then it picks or starts ·
 * picking: the job card waits for the user's choice · starting: upload and project creation are due ·
 * running: every language has its project · cancelled: the user cancelled before starting ·
 * stopped: someone pressed Stop after Start; the app no longer follows its projects (the service keeps them).
 */
export type JobState = 'requested' | 'picking' | 'starting' | 'running' | 'cancelled' | 'stopped';

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
  /** The service's media, recorded as soon as it was created (before it is ready). */
  mediaId: string | null;
  /** The media is ready: its length (when the service gave one) and the job's title are final. */
  mediaReady: boolean;
  /** The video's length in seconds, once the media is ready and the service said. */
  mediaSeconds: number | null;
  /** What the card shows ticked while it waits for Start (null: what it was first posted with). */
  picked: PickedChoice | null;
  /** Why the media could not be created (the service's status and detail), when it could not. */
  mediaError: string | null;
  createdAt: number;
  startedAt: number | null;
  /** A `/dub` command's request while the job is `requested`. */
  request: JobRequest | null;
  /** Tries to start it (upload, projects) that failed in a row. */
  startFailures: number;
  /** Who pressed Start (or gave the languages); the card's author when not recorded. */
  startedBy: string;
  /** Who pressed Stop, once someone did. */
  stoppedBy: string | null;
  /** Opened by a video posted in a channel on autopilot: what autopilot made of it (null: a person asked). */
  autopilot: AutopilotMark | null;
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
  /** When the service says the project entered its current status (null when it did not say). */
  stageSince: number | null;
  /** The project's pace: the sum and count of the logs of its stages' seen / estimated durations. */
  paceSum: number;
  paceCount: number;
  /** Who stopped following this language (its job's Stop) while it was being dubbed. */
  stoppedBy: string | null;
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
  /** A `/dub` command: the job is recorded as `requested` and admitted by the starter. */
  request?: JobRequest;
  /** Posted in a channel on autopilot; a 'pending' mark makes the starter start it once its video is ready. */
  autopilot?: AutopilotMark;
}

export interface PollResult {
  status: string;
  changed: boolean;
  terminal: boolean;
  nextPollAt: number;
  intervalMs: number;
  /** When the service says the status began; left as it was when not given. */
  stageSince?: number;
  /** The project's pace after this poll; left as it was when not given. */
  pace?: { sum: number; count: number };
}

/** One poll among many recorded together (recordPolls): its outcome and the Slack writes it causes. */
export interface RecordedPoll {
  targetId: string;
  result: PollResult;
  deliveries: DeliveryInput[];
  /**
   * The status the poll saw recorded before (null: none yet). A change is recorded only while the target still
   * shows it, so a status another replica (or an earlier recording) recorded already is not recorded twice, nor
   * an older one over a newer.
   */
  from: string | null;
}

/** What a language's project is created with besides the job's choice (a glossary, a transcript). */
export interface TargetOptions {
  glossaryId: string | null;
  transcriptId: string | null;
}

/** An .srt file dropped for a job before it started: the source side, or the translation into `lang`. */
export interface JobSubtitle {
  name: string;
  side: 'src' | 'dst';
  /** The file's language when known (from its name or the job). */
  lang: string | null;
  text: string;
}

export interface JobStore {
  /** Records a Slack event id; false when it was already recorded (a redelivery). */
  recordEvent(eventId: string, now: number): Promise<boolean>;
  hasEvent(eventId: string): Promise<boolean>;
  /** Creates a job unless one exists for the trigger; `created` says which. */
  createJob(input: NewJob, now: number): Promise<{ job: Job; created: boolean }>;
  getJob(id: string): Promise<Job | undefined>;
  /** Several jobs in one read (those that exist), keyed by id: the tracker's claimed targets' jobs. */
  getJobs(ids: string[]): Promise<Map<string, Job>>;
  /** The job a trigger (a message, a command) opened. */
  jobByTrigger(triggerKey: string): Promise<Job | undefined>;
  /** The job whose thread this is. */
  jobByThread(channel: string, threadTs: string): Promise<Job | undefined>;
  /** Jobs started by a user, newest first. */
  recentJobs(userId: string, limit: number): Promise<Job[]>;
  /** Jobs a user started, or whose language they approved or asked changes of (the latest word), newest first. */
  jobsOfPerson(userId: string, limit: number): Promise<Job[]>;
  /**
   * A page of every channel's jobs that were not cancelled, newest first; with `title`, those whose title
   * contains it (letter case ignored).
   */
  jobsPage(query: { title: string | null; offset: number; limit: number }): Promise<Job[]>;
  setJobThread(jobId: string, threadTs: string): Promise<void>;
  /**
   * Moves a picking job (or a recorded command that named its languages) to starting with one target per
   * language; undefined when it was neither.
   */
  startJob(jobId: string, choice: JobChoice, now: number, startedBy?: string): Promise<Job | undefined>;
  cancelJob(jobId: string): Promise<boolean>;
  /**
   * Puts a cancelled job's card back to waiting for Start (its picker as it was); undefined when it was not
   * cancelled.
   */
  reopenJob(jobId: string): Promise<Job | undefined>;
  /**
   * Stops following a started job: every language not yet at its end is ended as stopped by `userId` and never
   * polled again; undefined when the job was not starting or running, or all its languages had ended. The
   * languages stopped are returned.
   */
  stopJob(jobId: string, userId: string): Promise<Target[] | undefined>;
  /**
   * Leases jobs with work due (lease free): a request to admit, a waiting card's video to get ready, an
   * autopilot start to make once it is, or an upload and projects to create.
   */
  claimJobsToStart(owner: string, now: number, leaseMs: number, limit: number): Promise<Job[]>;
  /** Frees a job's lease; it is claimed again from `retryAt`; `failed` counts one more failed try to start it. */
  releaseJob(jobId: string, owner: string, retryAt: number, failed?: boolean): Promise<void>;
  /** Moves a requested job to picking (its channel checked); undefined when it was not requested. */
  acceptRequest(jobId: string): Promise<Job | undefined>;
  /** Cancels a requested job (the app cannot post where it was asked); false when it was not requested. */
  refuseRequest(jobId: string): Promise<boolean>;
  /** Records the media the service created for the job (before it is ready). */
  setJobMedia(jobId: string, mediaId: string): Promise<void>;
  /** Records that the job's media is ready, with its length when the service gave one. */
  setJobMediaReady(jobId: string, media: { seconds: number | null }): Promise<void>;
  /**
   * Names the job's video `title`, unless its title changed since it was read as `previous` (a better title
   * recorded meanwhile stays); false when it did not change.
   */
  retitleJob(jobId: string, title: string, previous: string): Promise<boolean>;
  /**
   * Records what a waiting card's picker now holds (its languages and glossaries, the source language and the
   * speakers); the job as it is now, or undefined when it no longer waits for Start.
   */
  setPicking(
    jobId: string,
    picked: PickedChoice,
    choice: Omit<JobChoice, 'dstLangs'>,
  ): Promise<Job | undefined>;
  setJobMediaError(jobId: string, error: string): Promise<void>;
  setJobRunning(jobId: string): Promise<void>;
  /**
   * Opens a running job for an existing project (`/dub track`), with one language bound to it, polled from
   * now; undefined when the trigger already has a job (the project was adopted before).
   */
  adoptProject(input: NewJob, dstLang: string, projectId: string, now: number): Promise<Job | undefined>;

  /** A job's languages in the order they were chosen. */
  targetsOf(jobId: string): Promise<Target[]>;
  getTarget(id: string): Promise<Target | undefined>;
  /** The target whose current project is `projectId`. */
  targetOfProject(projectId: string): Promise<Target | undefined>;
  markCreateIntent(targetId: string, now: number): Promise<void>;
  setTargetProject(targetId: string, projectId: string, now: number): Promise<void>;
  /** Leases targets whose poll is due by `dueBy` (now unless said: a sweep leaves only the overdue ones). */
  claimDueTargets(
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
    dueBy?: number,
  ): Promise<Target[]>;
  /** Saves a poll's outcome and the Slack writes it causes, atomically, and frees the lease. */
  recordPoll(targetId: string, result: PollResult, now: number, deliveries: DeliveryInput[]): Promise<void>;
  /**
   * Saves many polls' outcomes and their Slack writes in one transaction, and frees their leases: the ids of the
   * targets recorded. A change whose target no longer shows the status it was seen from, or that was stopped,
   * is left out with its writes (its lease freed all the same, if `owner` still holds it).
   */
  recordPolls(polls: readonly RecordedPoll[], owner: string, now: number): Promise<string[]>;
  /** Starts a new attempt for a failed target; undefined when it is not failed. */
  retryTarget(targetId: string, now: number, retriedBy?: string): Promise<Target | undefined>;
  /** Tracks a dubbed target again after a new render started: a new attempt on the same project. */
  resumeTarget(targetId: string, status: string, now: number): Promise<Target | undefined>;
  setTargetOptions(jobId: string, dstLang: string, options: TargetOptions): Promise<void>;
  /** undefined when nothing was chosen for the language (the channel's defaults then apply). */
  targetOptions(jobId: string, dstLang: string): Promise<TargetOptions | undefined>;
  /** Keeps a dropped .srt for the job (a file of the same name replaces the earlier one). */
  addSubtitle(jobId: string, subtitle: JobSubtitle): Promise<void>;
  subtitlesOf(jobId: string): Promise<JobSubtitle[]>;
}
