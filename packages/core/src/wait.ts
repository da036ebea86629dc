// Waiting without webhooks: poll a record with adaptive intervals (quick right after a change, backing off
// while nothing changes, capped, with jitter), honouring an AbortSignal and an overall timeout.
import {
  DubkitError,
  MediaFailedError,
  ProjectFailedError,
  RequestValidationError,
  WaitTimeoutError,
} from './errors.ts';
import type { MediaRecord } from './schemas/media.ts';
import type { Project, ProjectStatus } from './schemas/projects.ts';
import {
  DONE_STATUS,
  describeStatus,
  isProjectStage,
  type ProjectStage,
  pipelineIndex,
  type StatusInfo,
  stageDoneStatus,
} from './status.ts';
import { sleep } from './transport.ts';

export interface PollOptions {
  /** First wait between polls, and the wait right after a change. Default 1000 ms. */
  intervalMs?: number;
  /** The longest wait while nothing changes. Default 15000 ms. */
  maxIntervalMs?: number;
  /** Give up with WaitTimeoutError after this long. Default: no limit. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_INTERVAL_MS = 1000;
const DEFAULT_MAX_INTERVAL_MS = 15_000;
const BACKOFF_FACTOR = 1.5;

/**
 * Yields the record each time its status changes (the first read included) and ends after a terminal status.
 * `fetch` gets the signal to pass to its request, which fires on abort or when the timeout passes.
 */
export async function* pollChanges<T>(
  what: string,
  fetch: (signal: AbortSignal) => Promise<T>,
  /** `null` (a status not known yet) is a value like any other: a change to or from it is yielded. */
  statusOf: (record: T) => string | null | undefined,
  isTerminal: (status: string | null | undefined) => boolean,
  options: PollOptions = {},
): AsyncGenerator<T, void, undefined> {
  const initial = Math.max(0, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  const cap = Math.max(initial, options.maxIntervalMs ?? DEFAULT_MAX_INTERVAL_MS);
  const deadline = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => deadline.abort(), Math.max(0, options.timeoutMs));
  // A sentinel, not undefined, so that a first status of null or undefined is still yielded as a change.
  const NOTHING_YET = Symbol('nothing yet');
  let last: string | null | undefined | typeof NOTHING_YET = NOTHING_YET;
  let interval = initial;
  try {
    for (;;) {
      const record = await fetch(signal);
      const status = statusOf(record);
      if (status !== last) {
        last = status;
        interval = initial;
        yield record;
        if (isTerminal(status)) return;
      } else {
        interval = Math.min(interval * BACKOFF_FACTOR, cap);
      }
      // ±10 % jitter so that many waiters started together do not poll in lockstep.
      await sleep(interval * (0.9 + 0.2 * Math.random()), signal);
    }
  } catch (error) {
    if (deadline.signal.aborted && !options.signal?.aborted) {
      throw new WaitTimeoutError(what, options.timeoutMs ?? 0, typeof last === 'string' ? last : undefined);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A status (`translation_done`), a stage (`translation`: its last status or later) or `done` (`merging_done`). */
export type WaitTarget = ProjectStatus | ProjectStage | 'done';

export interface WaitForProjectOptions extends PollOptions {
  /** Default `done`. */
  until?: WaitTarget;
  /** Called once per status change, with the status explained. */
  onStatus?: (project: Project, info: StatusInfo) => void;
}

function targetIndex(until: WaitTarget): number {
  const status = until === 'done' ? DONE_STATUS : isProjectStage(until) ? stageDoneStatus(until) : until;
  const index = status === undefined ? -1 : pipelineIndex(status);
  if (index < 0) {
    throw new RequestValidationError('wait target', [
      {
        path: 'until',
        message: `${JSON.stringify(until)} is not a pipeline status, a stage or "done"`,
      },
    ]);
  }
  return index;
}

/** Project statuses, one per change, until a terminal one. Never throws for a failed project: it is yielded. */
export function watchProject(
  id: string,
  get: (signal: AbortSignal) => Promise<Project>,
  options: PollOptions = {},
): AsyncGenerator<Project, void, undefined> {
  return pollChanges(
    `project ${id}`,
    get,
    (p) => p.status,
    (s) => describeStatus(s).terminal,
    options,
  );
}

/** Resolves with the project once `until` is reached; throws ProjectFailedError on a failure status. */
export async function waitForProject(
  id: string,
  get: (signal: AbortSignal) => Promise<Project>,
  options: WaitForProjectOptions = {},
): Promise<Project> {
  const target = targetIndex(options.until ?? 'done');
  for await (const project of watchProject(id, get, options)) {
    const info = describeStatus(project.status);
    options.onStatus?.(project, info);
    if (info.failed) throw new ProjectFailedError(project);
    if (pipelineIndex(project.status) >= target) return project;
  }
  throw new DubkitError(`Project ${id} stopped changing before ${options.until ?? 'done'}`);
}

export interface WaitForMediaOptions extends PollOptions {
  onStatus?: (media: MediaRecord) => void;
}

/** Resolves with the media record once it is `ready`; throws MediaFailedError when it is `failed`. */
export async function waitForMedia(
  id: string,
  get: (signal: AbortSignal) => Promise<MediaRecord>,
  options: WaitForMediaOptions = {},
): Promise<MediaRecord> {
  const terminal = (status: string | null | undefined) => status === 'ready' || status === 'failed';
  for await (const media of pollChanges(`media ${id}`, get, (m) => m.status, terminal, options)) {
    options.onStatus?.(media);
    if (media.status === 'failed') throw new MediaFailedError(media);
    if (media.status === 'ready') return media;
  }
  throw new DubkitError(`Media ${id} stopped changing before it was ready`);
}
