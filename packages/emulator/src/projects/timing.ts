// How long a run's stages take. The fixed timing (the default, which tests rely on) gives every project the same
// stages (STAGE_MS, about 48 s for a dub at speed 1). The media timing is closer to a real service: a stage takes
// a fixed part plus a rate per second of video, times a per-project factor (log-normal: some videos are harder
// than others) and a smaller per-stage one, with an occasional slow outlier; and while more runs are in flight
// than the service has room for, each stage may wait in its queue before it starts. Every draw comes from a seed
// and the project's identity (media, name, language, render), so a run is reproducible; the queue depends on the
// load, which the caller reproduces by starting the same projects at the same pace.
import { createHash } from 'node:crypto';
import {
  buildTimeline,
  GAP_MS,
  PIPELINE_STAGES,
  type PipelineStage,
  type StageDurations,
  type Timeline,
  type TimelineRequest,
  timelineFor,
} from './pipeline.ts';
import { prng, seedOf } from './synth.ts';

/** A stage's cost: a fixed part, plus so many ms of work per second of video (at speed 1). */
export interface StageRate {
  fixedMs: number;
  msPerVideoSecond: number;
}

export interface TimingOptions {
  /** `fixed` (default): every project's stages take the same time; `media`: the model described above. */
  model?: 'fixed' | 'media';
  /** Seed of every draw (default 1). */
  seed?: number;
  /** Per-stage costs replacing the defaults (DEFAULT_STAGE_RATES), stage by stage. */
  stages?: Partial<Record<PipelineStage, Partial<StageRate>>>;
  /** σ of the natural log of a project's factor (default 0.3: one project in six is 35 % slower or more). */
  projectSpread?: number;
  /** σ of the natural log of each stage's own factor (default 0.1). */
  stageSpread?: number;
  /** Share of stages that are slow outliers (default 0.02). */
  outlierRate?: number;
  /** How many times longer an outlier takes (default 4). */
  outlierFactor?: number;
  /** Runs in flight the service works on without queueing (default 5,000). */
  capacity?: number;
  /** Mean wait before each stage, per capacity's worth of runs above the capacity (default 3,000 ms). */
  queueWaitMs?: number;
}

/**
 * Default costs. These are assumptions, not the vendor's figures (it publishes none): real-time factors typical
 * of the open models such a pipeline is built from on one GPU — speech recognition (Whisper-class) about 0.1 s of
 * work per second of audio, source separation (Demucs-class) 0.15, speaker diarization 0.05, speech synthesis of
 * the whole script 0.2, an ffmpeg merge 0.05 — plus a few seconds of fixed cost (loading, queue hand-offs). A
 * 2-minute video then takes about 100 s, a 5-minute one about 4 minutes.
 */
export const DEFAULT_STAGE_RATES: Readonly<Record<PipelineStage, StageRate>> = {
  upload: { fixedMs: 2000, msPerVideoSecond: 20 },
  transcription: { fixedMs: 3000, msPerVideoSecond: 100 },
  transcribe_segments: { fixedMs: 1000, msPerVideoSecond: 20 },
  separate_background: { fixedMs: 2000, msPerVideoSecond: 150 },
  determine_speakers: { fixedMs: 2000, msPerVideoSecond: 50 },
  voice_suggest: { fixedMs: 2000, msPerVideoSecond: 10 },
  translation: { fixedMs: 2000, msPerVideoSecond: 40 },
  voice_update: { fixedMs: 1000, msPerVideoSecond: 30 },
  voiceover: { fixedMs: 3000, msPerVideoSecond: 200 },
  merging: { fixedMs: 2000, msPerVideoSecond: 50 },
};

/** What the timing needs to know of a run. */
export interface RunInput {
  /** The project's identity for its draws: the same key gives the same factors. */
  key: string;
  videoSeconds: number;
  /** Emulator clock when the run starts, and its speed (the queue counts runs in flight in clock time). */
  now: number;
  speed: number;
}

export interface Timing {
  readonly model: 'fixed' | 'media';
  timeline(request: TimelineRequest, run: RunInput): Timeline;
}

/** Builds the timing of `options`; a RangeError names the option that is out of range. */
export function createTiming(options: TimingOptions = {}): Timing {
  const model = options.model ?? 'fixed';
  if (model !== 'fixed' && model !== 'media')
    throw new RangeError(`timing.model must be 'fixed' or 'media', not ${JSON.stringify(model)}`);
  const settings = mediaSettings(options);
  if (model === 'fixed') return { model, timeline: (request) => timelineFor(request) };
  const inFlight = new EndTimes();
  return {
    model,
    timeline(request, run) {
      const next = prng(seedOf(createHash('sha256').update(`${settings.seed}\n${run.key}`).digest('hex')));
      const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
      const projectFactor = Math.exp(settings.projectSpread * normal());
      const load = inFlight.countAfter(run.now) / settings.capacity;
      const meanWaitMs = Math.max(0, load - 1) * settings.queueWaitMs;
      const durations: StageDurations = {
        stageMs(stage) {
          const rate = settings.stages[stage];
          const outlier = next() < settings.outlierRate ? settings.outlierFactor : 1;
          const factor = projectFactor * Math.exp(settings.stageSpread * normal()) * outlier;
          return Math.round((rate.fixedMs + rate.msPerVideoSecond * run.videoSeconds) * factor);
        },
        // An exponential wait: most stages are picked up at once, a few wait several times the mean.
        waitMs: () => GAP_MS + Math.round(-Math.log(1 - next()) * meanWaitMs),
      };
      const timeline = buildTimeline(request, durations);
      inFlight.add(run.now + timeline.offsets.at(-1)! / run.speed);
      return timeline;
    },
  };
}

interface MediaSettings {
  seed: number;
  stages: Record<PipelineStage, StageRate>;
  projectSpread: number;
  stageSpread: number;
  outlierRate: number;
  outlierFactor: number;
  capacity: number;
  queueWaitMs: number;
}

function mediaSettings(options: TimingOptions): MediaSettings {
  const check = (
    name: keyof TimingOptions,
    ok: (value: number) => boolean,
    rule: string,
    fallback: number,
  ) => {
    const value = options[name] ?? fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || !ok(value))
      throw new RangeError(`timing.${name} must be ${rule}, not ${value}`);
    return value;
  };
  const stages = {} as Record<PipelineStage, StageRate>;
  for (const [name, given] of Object.entries(options.stages ?? {})) {
    if (!(PIPELINE_STAGES as readonly string[]).includes(name))
      throw new RangeError(
        `timing.stages has no stage ${name}; the stages are ${PIPELINE_STAGES.join(', ')}`,
      );
    for (const [field, value] of Object.entries(given ?? {})) {
      if (!(Number.isFinite(value) && value >= 0))
        throw new RangeError(
          `timing.stages.${name}.${field} must be a number of ms of 0 or more, not ${value}`,
        );
    }
  }
  for (const stage of PIPELINE_STAGES)
    stages[stage] = { ...DEFAULT_STAGE_RATES[stage], ...options.stages?.[stage] };
  return {
    seed: check('seed', Number.isSafeInteger, 'a whole number', 1),
    stages,
    projectSpread: check('projectSpread', (v) => v >= 0 && v <= 3, 'between 0 and 3', 0.3),
    stageSpread: check('stageSpread', (v) => v >= 0 && v <= 3, 'between 0 and 3', 0.1),
    outlierRate: check('outlierRate', (v) => v >= 0 && v <= 1, 'a share between 0 and 1', 0.02),
    outlierFactor: check('outlierFactor', (v) => v >= 1, 'a factor of 1 or more', 4),
    capacity: check('capacity', (v) => Number.isSafeInteger(v) && v > 0, 'a whole number above 0', 5000),
    queueWaitMs: check('queueWaitMs', (v) => v >= 0, 'a number of ms of 0 or more', 3000),
  };
}

/** When the runs in flight end, as a min-heap: counting those still running drops the ones that ended. */
class EndTimes {
  readonly #heap: number[] = [];

  add(end: number): void {
    const heap = this.#heap;
    heap.push(end);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (heap[parent]! <= heap[i]!) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  countAfter(now: number): number {
    const heap = this.#heap;
    while (heap.length > 0 && heap[0]! <= now) {
      const last = heap.pop()!;
      if (heap.length === 0) break;
      heap[0] = last;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < heap.length && heap[left]! < heap[least]!) least = left;
        if (right < heap.length && heap[right]! < heap[least]!) least = right;
        if (least === i) break;
        [heap[least], heap[i]] = [heap[i]!, heap[least]!];
        i = least;
      }
    }
    return heap.length;
  }
}
