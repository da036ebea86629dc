// Speakers & voices of a dubbed language, after the listener acked: the project's speakers with the voice each
// has now and the voices they may have; saving sets the count and the whole voice map in one change (the
// service replaces the map whole), records what it changes for the next render's price and says so in the
// thread.
import { randomBytes } from 'node:crypto';
import { BusyError, RefusedError } from '../../dubbing/service.ts';
import { scrub } from '../../errors/public.ts';
import type { JobStore, OutboxStore, RedubStore } from '../../store/store.ts';
import { escapeText } from '../../ui/blocks.ts';
import type { FeatureServiceOptions } from '../service-options.ts';
import { dubbedLanguage, type Outcome } from './dubbed.ts';
import { type SpeakerVoice, speakersChanged, type VoiceChoice } from './thread-blocks.ts';

export type VoicesOptions = FeatureServiceOptions<JobStore & OutboxStore & RedubStore>;

export class Voices {
  readonly #o: VoicesOptions;
  readonly #now: () => number;

  constructor(options: VoicesOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** The speakers of a dubbed language's project with their voices now, the voices they may have, the count. */
  async speakersAndVoices(targetId: string): Promise<
    Outcome<{
      lang: string;
      current: number | null;
      speakers: SpeakerVoice[];
      voices: VoiceChoice[];
    }>
  > {
    const found = await dubbedLanguage(this.#o.store, this.#o.dubbing, targetId);
    if (!found.ok) return found;
    const { job, target } = found.value;
    const [project, voices] = await Promise.all([
      this.#o.dubbing.getProject(target.projectId),
      this.#o.dubbing.voices(target.projectId),
    ]);
    const speakers = Object.entries(project.voice ?? {})
      .map(([speaker, voiceId]) => ({ speaker, voiceId: voiceId ?? null }))
      .sort((a, b) => a.speaker.localeCompare(b.speaker));
    return {
      ok: true,
      value: {
        lang: target.dstLang,
        current: project.num_speakers ?? job.numSpeakers ?? (speakers.length || null),
        speakers,
        voices,
      },
    };
  }

  /**
   * Saves the Speakers & voices dialog: the number of speakers and the voices picked, in one PATCH whose voice
   * map names every speaker (picked, or as it was: the service replaces the map whole). Speakers whose voice
   * changed are recorded, since the next render re-dubs (and charges) all of their lines.
   */
  async saveSpeakers(
    targetId: string,
    userId: string,
    choice: { count: number; voices: Record<string, string> },
  ): Promise<Outcome<{ changed: boolean }>> {
    const found = await dubbedLanguage(this.#o.store, this.#o.dubbing, targetId);
    if (!found.ok) return found;
    const { job, target } = found.value;
    const { dubbing, store } = this.#o;
    const project = await dubbing.getProject(target.projectId);
    const now: Record<string, string | null> = project.voice ?? {};
    const changedVoices = Object.keys(choice.voices).filter(
      (speaker) => choice.voices[speaker] !== now[speaker],
    );
    const map: Record<string, string> = {};
    if (changedVoices.length > 0) {
      for (const [speaker, voice] of Object.entries({ ...now, ...choice.voices })) {
        if (!voice) return { ok: false, problem: `Pick a voice for ${speaker}: it has none yet.` };
        map[speaker] = voice;
      }
    }
    const countChanged = choice.count !== (project.num_speakers ?? job.numSpeakers);
    if (!countChanged && changedVoices.length === 0) return { ok: true, value: { changed: false } };
    try {
      await dubbing.updateSpeakers(target.projectId, {
        ...(countChanged ? { numSpeakers: choice.count } : {}),
        ...(changedVoices.length > 0 ? { voice: map } : {}),
      });
    } catch (error) {
      if (error instanceof BusyError || error instanceof RefusedError)
        return { ok: false, problem: `The service did not accept it: ${escapeText(scrub(error.message))}` };
      throw error;
    }
    if (changedVoices.length > 0)
      await store.recordRedubChanges(
        target.id,
        changedVoices.map((speaker) => ({ kind: 'voice' as const, ref: speaker })),
        this.#now(),
      );
    const labels = new Map(
      (await dubbing.voices(target.projectId).catch(() => [])).map((v) => [v.id, v.label]),
    );
    await store.enqueue(
      {
        key: `speakers:${target.id}:${randomBytes(4).toString('hex')}`,
        jobId: job.id,
        kind: 'reply',
        inThread: true,
        payload: speakersChanged({
          userId,
          lang: target.dstLang,
          count: choice.count,
          targetId,
          voices: changedVoices.map((speaker) => ({
            speaker,
            label: labels.get(map[speaker]!) ?? 'another voice',
          })),
        }),
      },
      this.#now(),
    );
    this.#o.wakeDeliverer();
    return { ok: true, value: { changed: true } };
  }
}
