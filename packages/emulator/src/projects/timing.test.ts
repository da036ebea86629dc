import { describe, expect, it } from 'vitest';
import { parseCli } from '../cli-args.ts';
import { harness } from '../test-support/harness.ts';
import { timelineFor } from './pipeline.ts';
import { createTiming, DEFAULT_STAGE_RATES } from './timing.ts';

const dub = { kind: 'dub' } as const;
const run = (key: string, videoSeconds: number, now = 0) => ({ key, videoSeconds, now, speed: 1 });
/** How long the status `name` lasts in a timeline. */
const lasts = (timeline: { statuses: readonly string[]; offsets: readonly number[] }, name: string) => {
  const i = timeline.statuses.indexOf(name);
  return timeline.offsets[i + 1]! - timeline.offsets[i]!;
};

describe('the media timing model', () => {
  it('is reproducible from its seed and the project, and differs between projects and seeds', () => {
    const a = createTiming({ model: 'media', seed: 7 }).timeline(dub, run('p1', 120));
    const again = createTiming({ model: 'media', seed: 7 }).timeline(dub, run('p1', 120));
    expect(again.offsets).toEqual(a.offsets);
    expect(createTiming({ model: 'media', seed: 7 }).timeline(dub, run('p2', 120)).offsets).not.toEqual(
      a.offsets,
    );
    expect(createTiming({ model: 'media', seed: 8 }).timeline(dub, run('p1', 120)).offsets).not.toEqual(
      a.offsets,
    );
    expect(a.statuses).toEqual(timelineFor(dub).statuses);
  });

  it('makes stages last a fixed part plus a rate per second of video', () => {
    const timing = createTiming({
      model: 'media',
      projectSpread: 0,
      stageSpread: 0,
      outlierRate: 0,
      stages: { voiceover: { fixedMs: 3000, msPerVideoSecond: 200 } },
    });
    expect(lasts(timing.timeline(dub, run('p', 60)), 'voiceover_started')).toBe(3000 + 200 * 60);
    expect(lasts(timing.timeline(dub, run('p', 300)), 'voiceover_started')).toBe(3000 + 200 * 300);
  });

  it('varies per project log-normally, with the chosen share of slow outliers', () => {
    const timing = createTiming({ model: 'media', stageSpread: 0, outlierRate: 0 });
    const logs = Array.from({ length: 2000 }, (_, i) =>
      Math.log(lasts(timing.timeline(dub, run(`p${i}`, 100)), 'voiceover_started') / (3000 + 200 * 100)),
    );
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / logs.length);
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(sd).toBeGreaterThan(0.27);
    expect(sd).toBeLessThan(0.33);

    const outliers = createTiming({ model: 'media', projectSpread: 0, stageSpread: 0, outlierRate: 0.1 });
    let slow = 0;
    for (let i = 0; i < 2000; i++) {
      const length = lasts(outliers.timeline(dub, run(`p${i}`, 100)), 'voiceover_started');
      if (length === 4 * (3000 + 200 * 100)) slow++;
    }
    expect(slow / 2000).toBeGreaterThan(0.07);
    expect(slow / 2000).toBeLessThan(0.13);
  });

  it('delays the start of stages while more runs are in flight than the service has room for', () => {
    const timing = createTiming({ model: 'media', capacity: 10, queueWaitMs: 5000, stageSpread: 0 });
    const quiet = timing.timeline(dub, run('first', 100));
    expect(lasts(quiet, 'transcription_done')).toBe(500);
    for (let i = 0; i < 40; i++) timing.timeline(dub, run(`busy${i}`, 100));
    const busy = timing.timeline(dub, run('late', 100));
    const waits = ['uploaded', 'transcription_done', 'separate_background_done', 'voiceover_done'].map((s) =>
      lasts(busy, s),
    );
    expect(Math.max(...waits)).toBeGreaterThan(500);
    // Once the earlier runs have ended, nothing queues again.
    const later = timing.timeline(dub, run('later', 100, 10 * 3600_000));
    expect(lasts(later, 'transcription_done')).toBe(500);
  });

  it('refuses options out of range, naming them', () => {
    expect(() => createTiming({ model: 'media', projectSpread: -1 })).toThrow(/timing.projectSpread/);
    expect(() => createTiming({ model: 'media', stages: { dancing: {} } as never })).toThrow(
      /no stage dancing/,
    );
  });
});

describe('the timing model from the command line and the options', () => {
  it('is set by flags, and a wrong flag says which', () => {
    const { options } = parseCli([
      '--timing',
      'media',
      '--timing-seed',
      '3',
      '--timing-stage',
      'merging=100+5',
    ]);
    expect(options.timing).toEqual({
      model: 'media',
      seed: 3,
      stages: { merging: { fixedMs: 100, msPerVideoSecond: 5 } },
    });
    expect(() => parseCli(['--timing', 'slow'])).toThrow('--timing expects fixed or media, not "slow"');
    expect(() => parseCli(['--timing-seed', '3'])).toThrow(/add --timing media/);
    expect(() => parseCli(['--timing', 'media', '--timing-outlier-rate', '2'])).toThrow(
      /^--timing-outlier-rate must be a share between 0 and 1, not 2$/,
    );
    expect(() => parseCli(['--timing', 'media', '--timing-stage', 'voiceover=fast'])).toThrow(
      /--timing-stage expects STAGE=MS\+MS_PER_S/,
    );
  });

  it('makes a project on a long video take longer than one on a short video', async () => {
    const h = await harness({ timing: { model: 'media', projectSpread: 0, stageSpread: 0, outlierRate: 0 } });
    const link = async (name: string) => {
      const media = (
        await h.call('POST', '/api/library/v1/media/link', { link: `https://youtu.be/${name}`, name })
      ).body;
      h.emulator.advanceClock(2000);
      const project = (await h.call('POST', '/v2/projects', { video_id: media.id, dst_lang: 'es' })).body;
      return { id: project.id as string, seconds: project.duration as number };
    };
    const [a, b] = [await link('a'), await link('b')];
    const [short, long] = a.seconds < b.seconds ? [a, b] : [b, a];
    expect(long.seconds).toBeGreaterThan(short.seconds);
    // The whole dub of the shorter video: every stage's fixed part and rate, and the 0.5 s in each other status.
    const total = Object.entries(DEFAULT_STAGE_RATES)
      .filter(([stage]) => stage !== 'voice_update') // it runs only after a voice change
      .reduce((sum, [, rate]) => sum + rate.fixedMs + rate.msPerVideoSecond * short.seconds, 0);
    h.emulator.advanceClock(total + 9 * 500);
    const statusOf = async (id: string) => (await h.call('GET', `/v2/projects/${id}`)).body.status;
    expect(await statusOf(short.id)).toBe('merging_done');
    expect(await statusOf(long.id)).not.toBe('merging_done');
  });
});
