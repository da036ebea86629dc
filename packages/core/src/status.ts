// Project statuses explained: the stage each belongs to, how far along the pipeline it is, whether it is
// terminal or a failure, and a label a person can read. Unknown statuses are described, never rejected.
import type { ProjectStatus } from './schemas/projects.ts';

export const PROJECT_STAGES = [
  'upload',
  'transcription',
  'segments',
  'background',
  'speakers',
  'voices',
  'translation',
  'edits',
  'voice_update',
  'voiceover',
  'merging',
  'failed',
  'unknown',
] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];

export interface StatusInfo {
  /** `null` when the service does not know the status yet. */
  status: string | null;
  stage: ProjectStage;
  /** 0 at `created`, 1 at `merging_done`; undefined for failures and unknown statuses. */
  progress: number | undefined;
  /** Nothing more happens by itself: `merging_done` or a failure. */
  terminal: boolean;
  failed: boolean;
  /** For people: "Separating background", "Translated", "No speech found". */
  label: string;
}

/**
 * The order of a normal run, edits included: after translation a user may edit the transcript or voices,
 * then `generate` runs voice update, voiceover and merging again.
 */
const PIPELINE: readonly [ProjectStatus, ProjectStage, string][] = [
  ['created', 'upload', 'Created'],
  ['uploading', 'upload', 'Uploading'],
  ['uploaded', 'upload', 'Uploaded'],
  ['transcription_started', 'transcription', 'Transcribing'],
  ['transcription_done', 'transcription', 'Transcribed'],
  ['transcribe_segments_started', 'segments', 'Splitting into segments'],
  ['transcribe_segments_done', 'segments', 'Segments ready'],
  ['separate_background_started', 'background', 'Separating background'],
  ['separate_background_done', 'background', 'Background separated'],
  ['determine_speakers_started', 'speakers', 'Identifying speakers'],
  ['determine_speakers_done', 'speakers', 'Speakers identified'],
  ['voice_suggest_started', 'voices', 'Choosing voices'],
  ['voice_suggest_done', 'voices', 'Voices chosen'],
  ['translation_started', 'translation', 'Translating'],
  ['translation_done', 'translation', 'Translated'],
  ['transcript_edited', 'edits', 'Transcript edited'],
  ['voice_edited', 'edits', 'Voices edited'],
  ['voice_update_started', 'voice_update', 'Updating voices'],
  ['voice_update_done', 'voice_update', 'Voices updated'],
  ['voiceover_started', 'voiceover', 'Recording voiceover'],
  ['voiceover_done', 'voiceover', 'Voiceover recorded'],
  ['merging_started', 'merging', 'Merging audio and video'],
  ['merging_done', 'merging', 'Done'],
];

const FAILURES: readonly [ProjectStatus, string][] = [
  ['upload_failed', 'Upload failed'],
  ['transcription_failed', 'Transcription failed'],
  ['transcribe_segments_failed', 'Splitting into segments failed'],
  ['separate_background_failed', 'Background separation failed'],
  ['determine_speakers_failed', 'Speaker identification failed'],
  ['voice_suggest_failed', 'Choosing voices failed'],
  ['translation_failed', 'Translation failed'],
  ['voice_update_failed', 'Voice update failed'],
  ['voiceover_failed', 'Voiceover failed'],
  ['merging_failed', 'Merging failed'],
  ['failed', 'Failed'],
  ['no_audio', 'The video has no audio'],
  ['no_words', 'No speech found'],
  ['forbidden_link', 'The link cannot be fetched'],
];

/** The status that ends a successful run. */
export const DONE_STATUS = 'merging_done' satisfies ProjectStatus;

const INFO = new Map<string, StatusInfo>();
PIPELINE.forEach(([status, stage, label], index) => {
  const progress = index / (PIPELINE.length - 1);
  INFO.set(status, { status, stage, progress, terminal: status === DONE_STATUS, failed: false, label });
});
for (const [status, label] of FAILURES) {
  INFO.set(status, { status, stage: 'failed', progress: undefined, terminal: true, failed: true, label });
}

/**
 * Whether `status` is one this library knows. Any other is the service's text and nothing more: a reader that
 * shows statuses to people should show it as unexpected rather than reword it (it may hold anything).
 */
export function isKnownStatus(status: string | null | undefined): boolean {
  return status !== null && status !== undefined && INFO.has(status);
}

function humanize(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unknown status';
}

/**
 * A project whose `status` is `null` (or missing): the service does not know it yet. Not an error and not the
 * end: waiting helpers keep waiting.
 */
export const NOT_KNOWN_YET: StatusInfo = Object.freeze({
  status: null,
  stage: 'unknown',
  progress: undefined,
  terminal: false,
  failed: false,
  label: 'Not known yet',
});

/**
 * Describes any status string; a status the service added later gets stage `unknown` (or `failed`), and `null`
 * (not known yet) gets {@link NOT_KNOWN_YET}.
 */
export function describeStatus(status: string | null | undefined): StatusInfo {
  if (status === null || status === undefined) return NOT_KNOWN_YET;
  const known = INFO.get(status);
  if (known) return known;
  // A new `*_failed` status is still a failure: better to stop waiting than to wait for ever.
  const failed = status.endsWith('_failed');
  return {
    status,
    stage: failed ? 'failed' : 'unknown',
    progress: undefined,
    terminal: failed,
    failed,
    label: humanize(status),
  };
}

/** Position in the normal run, or -1 for failures, unknown statuses and a status not known yet. */
export function pipelineIndex(status: string | null | undefined): number {
  return PIPELINE.findIndex(([known]) => known === status);
}

/** The status that completes `stage` (`translation` → `translation_done`), or undefined for `failed`/`unknown`. */
export function stageDoneStatus(stage: ProjectStage): ProjectStatus | undefined {
  const last = PIPELINE.filter(([, s]) => s === stage).at(-1);
  return last?.[0];
}

export function isProjectStage(value: string): value is ProjectStage {
  return (PROJECT_STAGES as readonly string[]).includes(value);
}
