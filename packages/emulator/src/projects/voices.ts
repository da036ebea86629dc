// Voices a project's speakers can have (`GET /v2/projects/{id}/voices`): a few presets per language, each with a
// short audio sample served under /files/voices/, and a clone of each speaker's own voice (no sample). The
// project's voice map (speaker → voice id) and its PATCH, which replaces the map whole (docs/service.md).
import { invalid } from '../http/errors.ts';
import { uuidFromName } from '../ids.ts';
import { baseLanguage } from '../languages.ts';
import type { Project } from '../model.ts';
import type { EmulatorState } from '../state.ts';
import { segmentsOf, speakerNamesOf, speakersOf } from './segments.ts';
import { seedOf, speakerName } from './synth.ts';

export interface VoiceRecord {
  id: string;
  label: string;
  gender: string;
  /** Pitch of the sample tone; undefined for a voice without a sample (a clone). */
  sampleHz: number | undefined;
}

const PRESETS = [
  { label: 'Ava', gender: 'female', hz: 262 },
  { label: 'Noah', gender: 'male', hz: 131 },
  { label: 'Mia', gender: 'female', hz: 294 },
  { label: 'Liam', gender: 'male', hz: 147 },
] as const;

/** Seconds of a preset's sample. */
export const SAMPLE_SECONDS = 0.6;

const presetsByLanguage = new Map<string, VoiceRecord[]>();
const presetsById = new Map<string, VoiceRecord>();

/** The presets of a language (dialects share their language's): the same ids on every run. */
export function presetVoices(lang: string): VoiceRecord[] {
  const base = baseLanguage(lang);
  let voices = presetsByLanguage.get(base);
  if (!voices) {
    voices = PRESETS.map(({ label, gender, hz }) => ({
      id: uuidFromName(`dubkit-emulator/voice/${base}/${label}`),
      label: `${label} (${base})`,
      gender,
      sampleHz: hz,
    }));
    presetsByLanguage.set(base, voices);
    for (const voice of voices) presetsById.set(voice.id, voice);
  }
  return voices;
}

/** A preset by id (for its sample file), once its language has been listed. */
export function presetById(id: string): VoiceRecord | undefined {
  return presetsById.get(id);
}

function cloneOf(project: Project, speaker: string): VoiceRecord {
  return {
    id: uuidFromName(`dubkit-emulator/clone/${project.id}/${speaker}`),
    label: `Clone of ${speaker}`,
    gender: 'unknown',
    sampleHz: undefined,
  };
}

/** Every voice the project's speakers may be given: the destination language's presets, then the clones. */
export function voicesOf(project: Project): VoiceRecord[] {
  return [
    ...presetVoices(project.dstLang),
    ...speakerNamesOf(project).map((speaker) => cloneOf(project, speaker)),
  ];
}

export function voiceView(state: EmulatorState, voice: VoiceRecord) {
  return {
    id: voice.id,
    label: voice.label,
    sample_src: voice.sampleHz === undefined ? null : state.fileUrl(`voices/${voice.id}.wav`),
    gender: voice.gender,
  };
}

/**
 * Before any PATCH: what voice suggestion chose, one preset for each speaker the pipeline found (picked from the
 * media's fingerprint). A speaker that edits bring in later was not there to be given one.
 */
function suggestedMap(project: Project): Record<string, string | null> {
  const presets = presetVoices(project.dstLang);
  const seed = seedOf(project.media.fingerprint);
  const map: Record<string, string | null> = {};
  for (let index = 0; index < speakersOf(project); index++) {
    map[speakerName(index)] = presets[(seed + index) % presets.length]!.id;
  }
  return map;
}

/**
 * The project's `voice`: speaker → voice id, with `null` for a speaker that segments name but that has no voice
 * yet (one a segment patch introduced).
 */
export function voiceMapOf(project: Project): Record<string, string | null> {
  const map = { ...(project.voice ?? suggestedMap(project)) };
  for (const speaker of speakerNamesOf(project)) if (!(speaker in map)) map[speaker] = null;
  return map;
}

/**
 * PATCH `voice`: the map replaces the old one whole. Every speaker that segments name must be in it, every key
 * must be a speaker of the project, every value one of its voices (422 otherwise; nothing changes then).
 * Returns the speakers whose voice changed.
 */
export function replaceVoiceMap(project: Project, wanted: Record<string, string>): string[] {
  const current = voiceMapOf(project);
  const voices = new Set(voicesOf(project).map((voice) => voice.id));
  const named = new Map<string, number>();
  for (const segment of segmentsOf(project))
    named.set(segment.speaker, (named.get(segment.speaker) ?? 0) + 1);
  for (const [speaker, voice] of Object.entries(wanted)) {
    if (!named.has(speaker) && !(speaker in current)) {
      throw invalid(
        ['body', 'voice', speaker],
        `Unknown speaker ${speaker}: the project's speakers are ${Object.keys(current).join(', ')}`,
      );
    }
    if (!voices.has(voice)) {
      throw invalid(
        ['body', 'voice', speaker],
        `Unknown voice ${voice}: give one of the project's voices (GET /v2/projects/${project.id}/voices)`,
      );
    }
  }
  for (const [speaker, count] of named) {
    if (!(speaker in wanted)) {
      throw invalid(
        ['body', 'voice'],
        `${speaker} is left out but ${count} segment(s) still name it: send every speaker's voice, changed or not`,
        'missing',
      );
    }
  }
  const changed = Object.keys(wanted).filter((speaker) => current[speaker] !== wanted[speaker]);
  project.voice = { ...wanted };
  return changed;
}
