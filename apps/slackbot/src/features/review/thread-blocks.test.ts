// The review's replies and the speakers dialog, within Slack's limits.
import { describe, expect, it } from 'vitest';
import { blockProblems, viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { LIMITS } from '../../ui/blocks.ts';
import {
  editSummary,
  readSpeakersDialog,
  renderRequested,
  speakersChanged,
  speakersModal,
  THREAD_ACTIONS,
} from './thread-blocks.ts';

describe('thread actions', () => {
  it('builds the replies and the speakers dialog within limits', () => {
    for (const m of [
      editSummary({
        userId: 'U1',
        lang: 'es',
        changes: 'edited 2,000 segments and removed 1',
        targetId: 't',
      }),
      renderRequested({ userId: 'U1', lang: 'zh-tw' }),
      speakersChanged({ userId: 'U1', lang: 'es', count: 1, targetId: 't' }),
    ])
      expect(blockProblems(m.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(speakersChanged({ userId: 'U', lang: 'es', count: 1, targetId: 't' }).text).toBe(
      'Spanish set to 1 speaker',
    );
    const modal = speakersModal({ targetId: 't', lang: 'pt-br', current: 3 });
    expect(viewProblems(modal)).toEqual([]);
    expect(JSON.stringify(modal)).toContain(
      '"initial_option":{"text":{"type":"plain_text","text":"3 speakers"}',
    );
  });
});

// biome-ignore lint/suspicious/noExplicitAny: Block Kit JSON
type Loose = Record<string, any>;

const voice = (i: number, sample = true) => ({
  id: `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`,
  label: `${long(200)} ${i}`,
  gender: i % 2 ? 'female' : 'male',
  sample_src: sample ? `https://cdn.example/voices/${long(1500)}/${i}.wav` : null,
});

describe('the Speakers & voices dialog', () => {
  it('asks a voice per speaker from the project’s voices, the current one chosen, the samples as links', () => {
    const voices = [
      { id: 'v-ava', label: 'Ava (es)', gender: 'female', sample_src: 'https://x/ava.wav' },
      { id: 'v-clone', label: 'Clone of SPEAKER_00', gender: 'unknown', sample_src: null },
    ];
    const modal = speakersModal({
      targetId: 't',
      lang: 'es',
      current: 2,
      speakers: [
        { speaker: 'SPEAKER_00', voiceId: 'v-ava' },
        { speaker: 'SPEAKER_01', voiceId: null },
      ],
      voices,
    });
    expect(viewProblems(modal)).toEqual([]);
    const blocks = modal.blocks as Loose[];
    const inputs = blocks.filter((b) => b.block_id?.startsWith(THREAD_ACTIONS.voiceBlock));
    expect(inputs.map((b) => b.label.text)).toEqual(['Voice of SPEAKER_00', 'Voice of SPEAKER_01']);
    expect(inputs[0]!.element.options.map((o: Loose) => o.text.text)).toEqual([
      'Ava (es) · female',
      'Clone of SPEAKER_00',
    ]);
    expect(inputs[0]!.element.initial_option.value).toBe('v-ava');
    // A speaker with no voice yet has none chosen: Slack makes the person pick one.
    expect(inputs[1]!.element.initial_option).toBeUndefined();
    expect(JSON.stringify(blocks)).toContain('<https://x/ava.wav|▶ Ava (es) · female>');
    expect(JSON.stringify(blocks)).not.toContain('▶ Clone');
  });

  it('stays within limits with 100 voices of long names and samples and 300 speakers', () => {
    const modal = speakersModal({
      targetId: long(36),
      lang: 'zh-tw',
      current: 10,
      speakers: Array.from({ length: 300 }, (_, i) => ({
        speaker: `SPEAKER_${String(i).padStart(2, '0')}`,
        voiceId: voice(i % 150).id,
      })),
      voices: Array.from({ length: 150 }, (_, i) => voice(i, i % 3 !== 0)),
    });
    expect(viewProblems(modal)).toEqual([]);
    expect(JSON.stringify(modal.blocks)).toContain('more speakers keep their voices');
    // Without voices (they could not be read), only the count is asked.
    const countOnly = speakersModal({ targetId: 't', lang: 'es', current: null });
    expect(viewProblems(countOnly)).toEqual([]);
    expect(JSON.stringify(countOnly.blocks)).not.toContain(THREAD_ACTIONS.voiceAction);
  });

  it('never lets a voice name from the service reach mrkdwn as a mention or a link', () => {
    const evil = {
      id: 'v1',
      label: '<!here> <@U0EVIL> & <https://evil.example|x>',
      gender: 'f',
      sample_src: 'https://x/a.wav',
    };
    const modal = speakersModal({
      targetId: 't',
      lang: 'es',
      current: 1,
      speakers: [{ speaker: 'SPEAKER_00', voiceId: 'v1' }],
      voices: [evil],
    });
    const reply = speakersChanged({
      userId: 'U1',
      lang: 'es',
      count: 1,
      targetId: 't',
      voices: [{ speaker: 'SPEAKER_00', label: evil.label }],
    });
    // plain_text (the select's options) is not parsed by Slack: only mrkdwn and a message's text are checked.
    const mrkdwn = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(mrkdwn)
        : value && typeof value === 'object'
          ? [
              ...((value as Loose).type === 'mrkdwn' ? [(value as Loose).text as string] : []),
              ...Object.values(value).flatMap(mrkdwn),
            ]
          : [];
    for (const json of [mrkdwn(modal.blocks).join('\n'), [reply.text, ...mrkdwn(reply.blocks)].join('\n')]) {
      for (const control of ['<!here>', '<@U0EVIL>', '<https://evil.example'])
        expect(json).not.toContain(control);
      expect(json).toContain('&lt;!here&gt;');
    }
  });

  it('reads back the count and the voice picked per speaker', () => {
    expect(
      readSpeakersDialog({
        [THREAD_ACTIONS.speakersBlock]: {
          [THREAD_ACTIONS.speakersAction]: { selected_option: { value: '3' } },
        },
        [`${THREAD_ACTIONS.voiceBlock}SPEAKER_01`]: {
          [THREAD_ACTIONS.voiceAction]: { selected_option: { value: 'v-ava' } },
        },
        [`${THREAD_ACTIONS.voiceBlock}SPEAKER_02`]: {
          [THREAD_ACTIONS.voiceAction]: { selected_option: null },
        },
      }),
    ).toEqual({ count: 3, voices: { SPEAKER_01: 'v-ava' } });
    expect(Number.isNaN(readSpeakersDialog({}).count)).toBe(true);
  });

  it('says which voices changed in the thread, within limits however many', () => {
    const one = speakersChanged({
      userId: 'U1',
      lang: 'es',
      count: 2,
      targetId: 't',
      voices: [{ speaker: 'SPEAKER_01', label: 'Noah (es)' }],
    });
    expect(one.text).toBe('Spanish set to 2 speakers, 1 voice changed');
    expect(JSON.stringify(one.blocks)).toContain('and gave SPEAKER_01 → Noah (es). Render again');
    const many = speakersChanged({
      userId: 'U1',
      lang: 'es',
      count: 10,
      targetId: 't',
      voices: Array.from({ length: 300 }, (_, i) => ({ speaker: `SPEAKER_${i}`, label: long(300) })),
    });
    expect(blockProblems(many.blocks, LIMITS.messageBlocks)).toEqual([]);
  });
});
