// The scaled-down world both Slack app benches run in (slackbot.bench.ts, replicas.bench.ts): the emulator's
// pipeline and the app's polling sped up together, the request budget, the Slack pace and the stand-ins'
// tokens; and the count of status changes between two statuses of a normal dub.

/**
 * Emulator speed: a whole dub takes about 60 s / SPEED (stages of 20–55 s at 0.15), close to the real
 * service's pace; the polling intervals are the app's defaults with the cap halved (5–60 s → 5–30 s).
 */
export const SPEED = 0.15;
export const POLL = { minMs: 5_000, maxMs: 30_000 };
export const REQUESTS_PER_SECOND = 1_000;
export const SLACK_PACE_MS = 1_000;
export const TOKEN = 'bench-token';
export const BOT_TOKEN = 'xoxb-bench';
/** The one workspace the bench's jobs belong to (the store's tenant). */
export const BENCH_TENANT = 'T0BENCH';

/** The statuses of a normal dub in order (docs/service.md); a project's index is the changes it went through. */
const ORDER = [
  'created', 'uploading', 'uploaded', 'transcription_started', 'transcription_done', 'transcribe_segments_started',
  'transcribe_segments_done', 'separate_background_started', 'separate_background_done', 'determine_speakers_started',
  'determine_speakers_done', 'voice_suggest_started', 'voice_suggest_done', 'translation_started', 'translation_done',
  'voiceover_started', 'voiceover_done', 'merging_started', 'merging_done',
]; // biome-ignore format: a table

/** How many status changes a project went through from `from` to `to` (0 when it went nowhere). */
export function changesBetween(from: string, to: string): number {
  return Math.max(0, ORDER.indexOf(to) - ORDER.indexOf(from));
}
