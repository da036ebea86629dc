// Face check and lip-sync: timed jobs computed from their start, a one-at-a-time queue, credits charged once per
// kind. `is_free_lipsync: true` is the free version, a preview of the first 60 s at most (docs/service.md).

import { spend } from '../credits.ts';
import { conflict } from '../http/errors.ts';
import type { FaceCheck, Lipsync, Project } from '../model.ts';
import type { LipsyncStartBody } from '../spec/lipsync.ts';
import type { EmulatorState } from '../state.ts';
import { momentOf, type ProjectMoment } from './status.ts';

/** A face check takes this long at speed 1. */
const FACE_CHECK_MS = 4000;
/** A lip-sync takes a fixed part plus this much per second of video at speed 1 (1.5× with several faces). */
const LIPSYNC_BASE_MS = 10_000;
const LIPSYNC_PER_SECOND_MS = 500;
/** The free lip-sync covers at most this many seconds from the start of the video. */
export const PREVIEW_SECONDS = 60;

/** The face check that runs by itself when a dub first finishes. */
export function autoFaceCheck(project: Project, moment: ProjectMoment): FaceCheck | undefined {
  if (moment.mergedAt === undefined) return undefined;
  return { startedAt: moment.mergedAt, speed: project.runSpeed, fails: false };
}

/** The documented rule: a video has a face unless its media or project name contains "noface". */
export function hasFace(project: Project): boolean {
  return !`${project.media.name ?? ''} ${project.name}`.toLowerCase().includes('noface');
}

function faceCheckOf(state: EmulatorState, project: Project, moment: ProjectMoment) {
  const check = project.faceCheck ?? autoFaceCheck(project, moment);
  if (!check) return { status: null, hasFace: null };
  if (state.elapsed(check.startedAt, check.speed) < FACE_CHECK_MS)
    return { status: 'started', hasFace: null };
  if (check.fails) return { status: 'failed', hasFace: null };
  return { status: 'done', hasFace: hasFace(project) };
}

function isDubbed(moment: ProjectMoment): boolean {
  return moment.status === 'merging_done' && moment.outputs;
}

export function startFaceCheck(state: EmulatorState, project: Project) {
  const moment = momentOf(state, project);
  if (!isDubbed(moment)) {
    throw conflict(
      `Only a dubbed project (merging_done) can be checked for faces; status is ${moment.status}`,
    );
  }
  if (faceCheckOf(state, project, moment).status !== 'started') {
    project.faceCheck = {
      startedAt: state.clock.now(),
      speed: state.speed,
      fails: state.faults.failStage === 'check_face',
    };
  }
  return { check_face_task_status: 'started' };
}

/** Lip-sync jobs ahead of this project's in the queue at `now`. */
function queuedAhead(state: EmulatorState, project: Project, now: number): number {
  const mine = project.lipsync;
  if (!mine || now >= mine.startsAt) return 0;
  let ahead = 0;
  for (const other of state.lipsyncJobs) {
    const job = other.lipsync;
    if (!job || job.endsAt <= now) state.lipsyncJobs.delete(other);
    else if (other !== project && job.startsAt < mine.startsAt) ahead++;
  }
  return ahead;
}

function lipsyncStatus(project: Project, now: number): string | null {
  const job = project.lipsync;
  if (!job) return null;
  if (now < job.endsAt) return 'started';
  if (job.fails) return 'failed';
  return job.dubVersion < project.dubVersion ? 'outdated' : 'done';
}

export function startLipsync(state: EmulatorState, project: Project, body: LipsyncStartBody) {
  const moment = momentOf(state, project);
  if (!isDubbed(moment)) {
    throw conflict(`Only a dubbed project (merging_done) can be lip-synced; status is ${moment.status}`);
  }
  const face = faceCheckOf(state, project, moment);
  if (face.status !== 'done')
    throw conflict(`The face check is not done (status ${face.status ?? 'not started'})`);
  if (!face.hasFace) throw conflict('The video has no face to lip-sync');
  const now = state.clock.now();
  if (lipsyncStatus(project, now) === 'started')
    throw conflict('A lip-sync of this project is already running');
  const preview = body.is_free_lipsync;
  const seconds = preview ? Math.min(project.duration, PREVIEW_SECONDS) : project.duration;
  // Each kind is charged once: the full video after a preview is paid for, a second full one is free.
  if (preview ? !project.previewCharged : !project.lipsyncCharged) {
    const { credits } = project.account;
    spend('lip-sync', {
      balance: preview ? credits.lipsync_free_minutes : credits.minutes,
      amount: Math.ceil(seconds / 60),
      what: preview ? 'free lip-sync minutes' : 'minutes',
    });
    if (preview) project.previewCharged = true;
    else project.lipsyncCharged = true;
  }
  const workMs = (LIPSYNC_BASE_MS + seconds * LIPSYNC_PER_SECOND_MS) * (body.is_multiple_speakers ? 1.5 : 1);
  const startsAt = Math.max(now, state.lipsyncQueueEnd);
  const endsAt = startsAt + workMs / state.speed;
  state.lipsyncQueueEnd = endsAt;
  project.lipsync = {
    preview,
    requestedAt: now,
    startsAt,
    endsAt,
    dubVersion: project.dubVersion,
    fails: state.faults.failStage === 'lipsync',
  };
  state.lipsyncJobs.add(project);
  return { tasks_in_lipsync_queue: queuedAhead(state, project, now), lipsync_task_status: 'started' };
}

export function lipsyncView(state: EmulatorState, project: Project) {
  const moment = momentOf(state, project);
  const now = state.clock.now();
  const face = faceCheckOf(state, project, moment);
  const job = project.lipsync;
  const status = lipsyncStatus(project, now);
  const hasResult = job !== undefined && (status === 'done' || status === 'outdated');
  // Every member is present, null while unknown (docs/service.md; the vendor's SDK reads each one).
  return {
    check_face_task_status: face.status,
    tasks_in_lipsync_queue: queuedAhead(state, project, now),
    lipsync_result_path: hasResult
      ? state.fileUrl(`projects/${project.id}/${lipsyncFileName(project, job)}`)
      : null,
    lipsync_task_status: status,
    video_has_face: face.hasFace,
    lipsync_task_progress: job
      ? Math.round(Math.min(1, Math.max(0, (now - job.startsAt) / (job.endsAt - job.startsAt))) * 100)
      : null,
  };
}

/** The result's file name: the preview has its own, so that it is never taken for the full video. */
export function lipsyncFileName(project: Project, job: Lipsync): string {
  return `${job.preview ? 'lipsync_preview' : 'lipsync'}.${project.media.ext}`;
}
