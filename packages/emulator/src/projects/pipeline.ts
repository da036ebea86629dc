// The project status pipeline of docs/service.md as shared, immutable timelines: a project stores only when its
// run started and which timeline it follows, and its status is computed from the clock when it is read.

/** Stages that can be made to fail with the `failStage` fault (→ `<stage>_failed`). */
export const PIPELINE_STAGES = [
  'upload',
  'transcription',
  'transcribe_segments',
  'separate_background',
  'determine_speakers',
  'voice_suggest',
  'translation',
  'voice_update',
  'voiceover',
  'merging',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** How long each stage takes at speed 1 in the fixed timing, in milliseconds (about 48 s in all). */
export const STAGE_MS: Record<PipelineStage, number> = {
  upload: 3000,
  transcription: 8000,
  transcribe_segments: 4000,
  separate_background: 6000,
  determine_speakers: 4000,
  voice_suggest: 3000,
  translation: 5000,
  voice_update: 3000,
  voiceover: 8000,
  merging: 5000,
};
/** Time spent in a `*_done` status before the next stage starts (when no queue holds it longer). */
export const GAP_MS = 500;

/** How long a run's steps take at speed 1, in ms: each stage, and the wait before each stage starts. */
export interface StageDurations {
  stageMs(stage: PipelineStage): number;
  /** Time in the status before `stage` starts (a `*_done` status, or `uploaded`). */
  waitMs(stage: PipelineStage): number;
}

/** The fixed timing: every project's stages take the same time. */
export const FIXED_DURATIONS: StageDurations = {
  stageMs: (stage) => STAGE_MS[stage],
  waitMs: () => GAP_MS,
};

/** A sequence of statuses, each entered `offsets[i]` ms (at speed 1) after the run starts; the last one stays. */
export interface Timeline {
  readonly statuses: readonly string[];
  readonly offsets: readonly number[];
  /** Offset at which the run reaches `merging_done`, or -1 when it never does. */
  readonly mergedAt: number;
  /** Offset at which the transcription exists (segments readable), or -1. */
  readonly segmentsAt: number;
  /** Offset at which translations exist, or -1. */
  readonly translatedAt: number;
  /** Offset at which speakers and suggested voices are known, or -1. */
  readonly voicesAt: number;
}

export interface TimelineRequest {
  /** What the run does: the first dubbing, or `generate` after edits. */
  kind: 'dub' | 'generate';
  /** Dub: the transcription came with the project (skip transcription stages). */
  skipTranscription?: boolean;
  /** Dub: that transcription already has every translation (skip translation). */
  skipTranslation?: boolean;
  /** Dub: `num_speakers` was given (skip speaker determination). */
  skipSpeakers?: boolean;
  /** Generate: the voice changed since the last render (run voice_update first). */
  voiceUpdate?: boolean;
  /** Dub: how the run ends early, if it does. */
  endsWith?: 'no_audio' | 'forbidden_link' | 'no_words';
  /** The `failStage` fault in effect when the run started. */
  failStage?: PipelineStage | undefined;
}

const cache = new Map<string, Timeline>();

/** Returns the (shared) timeline of the fixed timing for a request; there are only a few dozen distinct ones. */
export function timelineFor(request: TimelineRequest): Timeline {
  const key = JSON.stringify(request);
  let timeline = cache.get(key);
  if (!timeline) {
    timeline = buildTimeline(request, FIXED_DURATIONS);
    cache.set(key, timeline);
  }
  return timeline;
}

/** A timeline of one status that never changes (edited states). */
export function fixedTimeline(status: string): Timeline {
  const key = `fixed:${status}`;
  let timeline = cache.get(key);
  if (!timeline) {
    // Edits happen only once a transcription and its translation exist.
    timeline = {
      statuses: [status],
      offsets: [0],
      mergedAt: -1,
      segmentsAt: 0,
      translatedAt: 0,
      voicesAt: 0,
    };
    cache.set(key, timeline);
  }
  return timeline;
}

/** A run's timeline with the given durations (the timing model: one per project, not shared). */
export function buildTimeline(request: TimelineRequest, durations: StageDurations): Timeline {
  const statuses: string[] = [];
  const offsets: number[] = [];
  let at = 0;
  let failed = false;
  let segmentsAt = -1;
  let translatedAt = -1;
  let voicesAt = -1;
  const enter = (status: string, after: number) => {
    statuses.push(status);
    offsets.push(at);
    at += after;
  };
  // A stage's wait is spent in the status before it (a run that begins with a stage begins at once).
  const stage = (name: PipelineStage) => {
    if (failed) return;
    if (statuses.length > 0) at += Math.max(0, durations.waitMs(name) - GAP_MS);
    enter(`${name}_started`, durations.stageMs(name));
    if (request.failStage === name) {
      enter(`${name}_failed`, 0);
      failed = true;
      return;
    }
    enter(`${name}_done`, GAP_MS);
  };

  if (request.kind === 'dub') {
    enter('created', GAP_MS);
    enter('uploading', durations.stageMs('upload'));
    // A forbidden link is found out while uploading; a missing audio stream right after the upload.
    if (request.failStage === 'upload' || request.endsWith === 'forbidden_link') {
      enter(request.endsWith === 'forbidden_link' ? 'forbidden_link' : 'upload_failed', 0);
      return finish(statuses, offsets);
    }
    enter('uploaded', GAP_MS);
    if (request.endsWith === 'no_audio') {
      enter('no_audio', 0);
      return finish(statuses, offsets);
    }
    if (request.skipTranscription) {
      segmentsAt = 0;
    } else {
      stage('transcription');
      if (request.endsWith === 'no_words' && !failed) {
        enter('no_words', 0);
        return finish(statuses, offsets);
      }
      stage('transcribe_segments');
      if (!failed) segmentsAt = at - GAP_MS;
    }
    stage('separate_background');
    if (!request.skipSpeakers) stage('determine_speakers');
    stage('voice_suggest');
    if (!failed) voicesAt = at - GAP_MS;
    if (request.skipTranslation) {
      if (!failed) translatedAt = segmentsAt;
    } else {
      stage('translation');
      if (!failed) translatedAt = at - GAP_MS;
    }
  } else {
    segmentsAt = 0;
    translatedAt = 0;
    voicesAt = 0;
    if (request.voiceUpdate) stage('voice_update');
  }
  stage('voiceover');
  stage('merging');
  const mergedAt = failed ? -1 : offsets[offsets.length - 1]!;
  return { statuses, offsets, mergedAt, segmentsAt, translatedAt, voicesAt };
}

/** A run that stops early: nothing after it exists. */
function finish(statuses: string[], offsets: number[]): Timeline {
  return { statuses, offsets, mergedAt: -1, segmentsAt: -1, translatedAt: -1, voicesAt: -1 };
}

/** Index of the status in effect `elapsed` ms (at speed 1) into the run. */
export function statusIndexAt(timeline: Timeline, elapsed: number): number {
  const { offsets } = timeline;
  let index = 0;
  while (index + 1 < offsets.length && offsets[index + 1]! <= elapsed) index++;
  return index;
}

/** Statuses after which the pipeline does nothing more until the user acts. */
export function isSettled(timeline: Timeline, index: number): boolean {
  return index === timeline.statuses.length - 1;
}
