import { describe, expect, it } from 'vitest';
import { harness, type Json } from '../test-support/harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('voices', () => {
  it('lists a few presets of the destination language, each with a real WAV sample, and a clone per speaker', async () => {
    const h = await harness();
    const { id } = await h.dubbed();
    const voices = (await h.call('GET', `/v2/projects/${id}/voices`)).body as Json[];
    const presets = voices.filter((voice) => voice.sample_src !== null);
    expect(presets.length).toBeGreaterThanOrEqual(3);
    for (const voice of voices) {
      expect(voice.id).toMatch(UUID);
      expect(Object.keys(voice).sort()).toEqual(['gender', 'id', 'label', 'sample_src']);
    }
    expect(voices.filter((voice) => voice.sample_src === null).map((voice) => voice.label)).toContain(
      'Clone of SPEAKER_00',
    );
    const sample = await fetch(presets[0].sample_src);
    expect(sample.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await sample.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    // The data chunk holds what the header says, and the tone is not silence.
    expect(bytes.readUInt32LE(40)).toBe(bytes.length - 44);
    expect(Math.max(...bytes.subarray(44))).toBeGreaterThan(160);
    // The same language has the same presets in every project; another language has others.
    const again = await h.dubbed();
    const sameLanguage = (await h.call('GET', `/v2/projects/${again.id}/voices`)).body as Json[];
    expect(sameLanguage.filter((v) => v.sample_src).map((v) => v.id)).toEqual(presets.map((v) => v.id));
    const german = await h.dubbed({ dst_lang: 'de' });
    const other = (await h.call('GET', `/v2/projects/${german.id}/voices`)).body as Json[];
    expect(other.map((v) => v.id)).not.toContain(presets[0].id);
  });

  it('shows the voice as speaker → voice id, and a speaker a segment patch brings in as null', async () => {
    const h = await harness();
    const { id, segments } = await h.dubbed();
    const project = (await h.call('GET', `/v2/projects/${id}`)).body;
    for (const [speaker, voice] of Object.entries(project.voice)) {
      expect(speaker).toMatch(/^SPEAKER_\d\d$/);
      expect(voice).toMatch(UUID);
    }
    await h.call('PATCH', `/v2/projects/${id}/transcription/segments`, {
      segments: [{ id: segments[0].id, speaker: 'SPEAKER_05' }],
    });
    expect((await h.call('GET', `/v2/projects/${id}`)).body.voice.SPEAKER_05).toBeNull();
  });

  it('replaces the voice map whole: every speaker segments name, known speakers and voices only', async () => {
    const h = await harness();
    const { id, segments } = await h.dubbed({ num_speakers: 2 });
    const path = `/v2/projects/${id}`;
    const voices = (await h.call('GET', `${path}/voices`)).body as Json[];
    const [ava, noah] = [voices[0].id, voices[1].id];
    const speakers = [...new Set(segments.map((segment: Json) => segment.speaker))];
    expect(speakers).toEqual(['SPEAKER_00', 'SPEAKER_01']);

    const partial = await h.call('PATCH', path, { voice: { SPEAKER_00: ava } });
    expect(partial.status).toBe(422);
    expect(partial.body.detail[0]).toMatchObject({ loc: ['body', 'voice'] });
    expect(partial.body.detail[0].msg).toMatch(/SPEAKER_01 is left out but 1 segment\(s\) still name it/);
    const unknownVoice = await h.call('PATCH', path, {
      voice: { SPEAKER_00: ava, SPEAKER_01: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknownVoice.body.detail[0]).toMatchObject({ loc: ['body', 'voice', 'SPEAKER_01'] });
    expect(unknownVoice.body.detail[0].msg).toMatch(/Unknown voice/);
    const unknownSpeaker = await h.call('PATCH', path, {
      voice: { SPEAKER_00: ava, SPEAKER_01: ava, SPEAKER_09: ava },
    });
    expect(unknownSpeaker.body.detail[0]).toMatchObject({ loc: ['body', 'voice', 'SPEAKER_09'] });
    const notAnId = await h.call('PATCH', path, { voice: { SPEAKER_00: { voice_id: ava } } });
    expect(notAnId.status).toBe(422);
    // None of the refused requests changed anything.
    expect((await h.call('GET', path)).body.status).toBe('merging_done');

    const replaced = await h.call('PATCH', path, { voice: { SPEAKER_00: noah, SPEAKER_01: ava } });
    expect(replaced.body.voice).toEqual({ SPEAKER_00: noah, SPEAKER_01: ava });
    // Once no segment names SPEAKER_01, a map without it is taken, and the speaker is gone.
    await h.call('PATCH', `${path}/transcription/segments`, {
      segments: segments
        .filter((segment: Json) => segment.speaker === 'SPEAKER_01')
        .map((segment: Json) => ({ id: segment.id, speaker: 'SPEAKER_00' })),
    });
    const without = await h.call('PATCH', path, { voice: { SPEAKER_00: noah } });
    expect(without.status).toBe(200);
    expect(without.body.voice).toEqual({ SPEAKER_00: noah });
  });
});
