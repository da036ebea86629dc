// The learned stage durations on a real store: a fit of time against video length, a project's pace, and
// sums that replicas share and a restart keeps.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TempStore, tempStore } from '../test-support/store.ts';
import { StageEstimates } from './stage-estimates.ts';

let temp: TempStore;
beforeEach(async () => {
  temp = await tempStore();
});
afterEach(async () => {
  await temp.cleanup();
});

const none = { sum: 0, count: 0 };
/** Transcription as a service might time it: 3 s plus 0.1 s per second of video. */
const transcription = (seconds: number) => 3_000 + 100 * seconds;

function teach(estimates: StageEstimates, lengths: number[], factor = 1) {
  for (const seconds of lengths)
    estimates.observe(
      'transcription_started',
      'transcription_done',
      seconds,
      transcription(seconds) * factor,
      none,
    );
}

describe('learned stage durations', () => {
  it('fit the time in a status as a fixed part plus so much per second of video', () => {
    const estimates = new StageEstimates(temp.store);
    teach(estimates, [30, 60]);
    // Too few to go by.
    expect(estimates.estimate('transcription_started', 120, none)).toBeUndefined();
    teach(estimates, [90, 200, 300, 45]);
    expect(estimates.estimate('transcription_started', 120, none)?.medianMs).toBeCloseTo(
      transcription(120),
      -1,
    );
    expect(estimates.estimate('transcription_started', 600, none)?.medianMs).toBeCloseTo(
      transcription(600),
      -1,
    );
  });

  it('learn only from a change that says how long the status lasted', () => {
    const estimates = new StageEstimates(temp.store);
    const pace = { sum: 0, count: 0 };
    for (const seconds of [30, 60, 90, 120, 150]) {
      // The hand-off after a working status may be skipped; a jump over a whole stage is not a measurement.
      estimates.observe(
        'transcription_started',
        'transcribe_segments_started',
        seconds,
        transcription(seconds),
        pace,
      );
      estimates.observe('transcription_started', 'separate_background_started', seconds, 99_999, pace);
      estimates.observe('transcription_done', 'separate_background_started', seconds, 99_999, pace);
    }
    expect(estimates.estimate('transcription_started', 60, none)?.medianMs).toBeCloseTo(
      transcription(60),
      -1,
    );
    expect(estimates.estimate('transcription_done', 60, none)).toBeUndefined();
  });

  it('learn the translation from a first run’s jump past the edit statuses, which only renders after edits pass', () => {
    const estimates = new StageEstimates(temp.store);
    const translation = (seconds: number) => 2_000 + 20 * seconds;
    for (const seconds of [30, 60, 90, 120, 150]) {
      // translation_done is a hand-off: a poll sees translation_started, then voiceover_started.
      estimates.observe('translation_started', 'voiceover_started', seconds, translation(seconds), none);
      estimates.observe('translation_done', 'voiceover_started', seconds, 500, none);
      // From an edited state a render goes through voice update: skipping it is a jump over a stage.
      estimates.observe('voice_edited', 'voiceover_started', seconds, 99_999, none);
    }
    expect(estimates.estimate('translation_started', 60, none)?.medianMs).toBeCloseTo(translation(60), -1);
    expect(estimates.estimate('translation_done', 60, none)?.medianMs).toBeCloseTo(500, -1);
    expect(estimates.estimate('voice_edited', 60, none)).toBeUndefined();
  });

  it('narrow a project’s later stages by its pace in the earlier ones', () => {
    const estimates = new StageEstimates(temp.store);
    // Projects of different paces: the fit alone is unsure; a project's own pace says which it is.
    const paces = [0.7, 1.4, 0.8, 1.25, 1, 0.75, 1.3, 0.9, 1.2, 1.1];
    for (const factor of paces) {
      let pace = { sum: 0, count: 0 };
      for (const [from, to, ms] of [
        ['transcription_started', 'transcription_done', 10_000],
        ['separate_background_started', 'separate_background_done', 20_000],
        ['voiceover_started', 'voiceover_done', 30_000],
      ] as const)
        pace = estimates.observe(from, to, 100, ms * factor, pace);
    }
    const slow = estimates.observe('transcription_started', 'transcription_done', 100, 14_000, none);
    expect(slow.count).toBe(1);
    const unknown = estimates.estimate('voiceover_started', 100, none)!;
    const paced = estimates.estimate('voiceover_started', 100, slow)!;
    expect(paced.medianMs).toBeGreaterThan(unknown.medianMs * 1.25);
    // About 1.4 × 30 s: this project is as slow in voiceover as it was in transcription.
    expect(paced.medianMs).toBeGreaterThan(38_000);
    expect(paced.medianMs).toBeLessThan(46_000);
    expect(paced.sigma).toBeLessThan(unknown.sigma);
  });

  it('are shared by replicas and survive a restart', async () => {
    const replicaA = new StageEstimates(temp.store);
    const replicaB = new StageEstimates(await temp.reopen());
    teach(replicaA, [30, 60, 90]);
    teach(replicaB, [200, 300, 45]);
    await replicaA.sync();
    await replicaB.sync();
    // B now has A's observations too: six, enough for a fit neither had alone.
    expect(replicaB.estimate('transcription_started', 120, none)?.medianMs).toBeCloseTo(
      transcription(120),
      -1,
    );
    await replicaA.sync();
    expect(replicaA.estimate('transcription_started', 120, none)?.medianMs).toBeCloseTo(
      transcription(120),
      -1,
    );

    const restarted = new StageEstimates(await temp.reopen());
    expect(restarted.estimate('transcription_started', 120, none)).toBeUndefined();
    await restarted.sync();
    expect(restarted.estimate('transcription_started', 120, none)?.medianMs).toBeCloseTo(
      transcription(120),
      -1,
    );
  });

  it('say how long a project has left: what is left of its status, then each one its run passes through', () => {
    const estimates = new StageEstimates(temp.store);
    // 10 s in each status from translation on; a first run goes from translation_done to voiceover.
    const run = [
      'translation_started',
      'translation_done',
      'voiceover_started',
      'voiceover_done',
      'merging_started',
    ];
    const after = [
      'translation_done',
      'voiceover_started',
      'voiceover_done',
      'merging_started',
      'merging_done',
    ];
    for (const seconds of [30, 60, 90, 120, 150])
      for (const [i, from] of run.entries()) estimates.observe(from, after[i]!, seconds, 10_000, none);
    expect(estimates.timeLeft('merging_started', 60, none, 4_000)).toBeCloseTo(6_000, -2);
    expect(estimates.timeLeft('translation_started', 60, none, 0)).toBeCloseTo(50_000, -2);
    // Overdue in its status: the rest of the run, never less.
    expect(estimates.timeLeft('voiceover_started', 60, none, 60_000)).toBeCloseTo(20_000, -2);
    // A status not learned on the way (transcription): no figure at all, rather than part of one.
    expect(estimates.timeLeft('transcription_started', 60, none, 0)).toBeUndefined();
    expect(estimates.timeLeft('merging_done', 60, none, 0)).toBe(0);
    expect(estimates.timeLeft('not_a_status', 60, none, 0)).toBeUndefined();
  });
});
