// A project's status and what exists at the moment it is read, computed from its run's start time.
import type { Project } from '../model.ts';
import type { EmulatorState } from '../state.ts';
import { isSettled, statusIndexAt } from './pipeline.ts';

export interface ProjectMoment {
  status: string;
  /** When the current status was entered (emulator clock, ms). */
  statusAt: number;
  settled: boolean;
  segments: boolean;
  translated: boolean;
  voices: boolean;
  /** Output links exist (this run or an earlier one reached merging_done). */
  outputs: boolean;
  /** When this run reached merging_done, if it has. */
  mergedAt: number | undefined;
}

const reached = (offset: number, elapsed: number) => offset >= 0 && elapsed >= offset;

export function momentOf(state: EmulatorState, project: Project): ProjectMoment {
  const { timeline, runStart, runSpeed } = project;
  const elapsed = state.elapsed(runStart, runSpeed);
  const index = statusIndexAt(timeline, elapsed);
  const merged = reached(timeline.mergedAt, elapsed);
  return {
    status: timeline.statuses[index]!,
    statusAt: runStart + timeline.offsets[index]! / runSpeed,
    settled: isSettled(timeline, index),
    segments: reached(timeline.segmentsAt, elapsed),
    translated: reached(timeline.translatedAt, elapsed),
    voices: reached(timeline.voicesAt, elapsed),
    outputs: merged || project.mergedBefore,
    mergedAt: merged ? runStart + timeline.mergedAt / runSpeed : undefined,
  };
}

/** A status a project's run entered, and when (emulator clock, ms). */
export interface StatusEntered {
  status: string;
  at: number;
}

/** Every status the project's current run has entered so far, oldest first. */
export function statusHistory(state: EmulatorState, project: Project): StatusEntered[] {
  const { timeline, runStart, runSpeed } = project;
  const index = statusIndexAt(timeline, state.elapsed(runStart, runSpeed));
  return timeline.statuses
    .slice(0, index + 1)
    .map((status, i) => ({ status, at: runStart + timeline.offsets[i]! / runSpeed }));
}

/** Statuses from which the user may edit and render again. */
const EDITABLE = new Set([
  'merging_done',
  'transcript_edited',
  'voice_edited',
  'voice_update_failed',
  'voiceover_failed',
  'merging_failed',
]);

export function isEditable(moment: ProjectMoment): boolean {
  return moment.settled && EDITABLE.has(moment.status);
}
