// The review's ids on a dubbed language's reply (Review translation, Speakers & voices, Render again) and the
// short replies those actions leave: the edit summary, a render asked for, speakers and voices changed; plus
// the Speakers & voices dialog (how many speakers, and per speaker a voice from the project's voices, with
// their samples). Buttons carry only the language's target id. Pure builders.
import type { types } from '@slack/bolt';
import { isGroupId } from '../../domain/approvals.ts';
import { languageLabel, languageName } from '../../domain/languages.ts';
import { MAX_SPEAKERS } from '../../domain/limits.ts';
import {
  type Block,
  button,
  context,
  escapeText,
  LIMITS,
  link,
  type MessageContent,
  option,
  type StateValues,
  section,
  truncate,
} from '../../ui/blocks.ts';

export const THREAD_ACTIONS = {
  review: 'review_open',
  speakers: 'speakers_open',
  render: 'render_again',
  speakersCallbackId: 'speakers_modal',
  speakersBlock: 'speakers_count',
  speakersAction: 'speakers_count',
  /** One input per speaker: `speaker_voice:SPEAKER_00`. */
  voiceBlock: 'speaker_voice:',
  voiceAction: 'speaker_voice',
} as const;

/** A voice the project's speakers can be given (`GET /v2/projects/{id}/voices`). */
export interface VoiceChoice {
  id: string;
  label: string;
  gender?: string | null;
  sample_src?: string | null;
}

/** A speaker of the project and the voice it has now (null: none yet, one must be picked). */
export interface SpeakerVoice {
  speaker: string;
  voiceId: string | null;
}

/** "✏️ @ana edited 7 segments and removed 1 in Spanish. [Render again]" */
export function editSummary(input: {
  userId: string;
  lang: string;
  changes: string;
  targetId: string;
  /** The approval of the render these edits would follow: said, since rendering them needs a new one. */
  approved?: { render: number; userId: string } | undefined;
}): MessageContent {
  const { approved } = input;
  return {
    text: `${input.changes} in ${languageName(input.lang)}`,
    blocks: [
      section(`✏️ <@${input.userId}> ${input.changes} in ${languageLabel(input.lang)}.`),
      ...(approved
        ? [
            context(
              `✅ Render ${approved.render} is approved by <@${approved.userId}> and stays so: rendering these edits makes a new render, which waits for review again.`,
            ),
          ]
        : []),
      {
        type: 'actions',
        elements: [button('Render again', THREAD_ACTIONS.render, input.targetId, 'primary')],
      },
    ],
  };
}

/**
 * "🙋 @ben would like to render German again: render 3 is approved by @ana. @ana, go ahead? [Render again]":
 * asked of the channel's approvers before an approved language is rendered again.
 */
export function approverAsked(input: {
  userId: string;
  lang: string;
  targetId: string;
  /** The approved render, as people number it, and who approved it. */
  approved: { render: number; userId: string };
  approvers: readonly string[];
}): MessageContent {
  const whom = input.approvers.map((id) => (isGroupId(id) ? `<!subteam^${id}>` : `<@${id}>`));
  return {
    text: `<@${input.userId}> asks whether ${languageName(input.lang)} may be rendered again`,
    blocks: [
      section(
        `🙋 <@${input.userId}> would like to render ${languageLabel(input.lang)} again with their edits: ` +
          `render ${input.approved.render} is approved by <@${input.approved.userId}> (it stays approved; the new ` +
          `render waits for review again). ${whom.join(', ')}: go ahead?`,
      ),
      {
        type: 'actions',
        elements: [button('Render again', THREAD_ACTIONS.render, input.targetId, 'primary')],
      },
    ],
  };
}

/** Whether a reply carries Render again for the language (an edit's or a speakers change's summary). */
export function offersRender(content: MessageContent, targetId: string): boolean {
  return content.blocks.some(
    (block) =>
      block.type === 'actions' &&
      block.elements.some(
        (e) =>
          'action_id' in e && e.action_id === THREAD_ACTIONS.render && 'value' in e && e.value === targetId,
      ),
  );
}

/** A summary whose Render again did its work: as it was, without its buttons, saying who rendered it. */
export function renderedSummary(content: MessageContent, input: { userId: string }): MessageContent {
  return {
    text: `${content.text} (rendered)`,
    blocks: [
      ...content.blocks.filter((block) => block.type !== 'actions'),
      context(`🔁 Rendered by <@${input.userId}>: the status message above follows the render.`),
    ],
  };
}

export function renderRequested(input: { userId: string; lang: string }): MessageContent {
  return {
    text: `Rendering ${languageName(input.lang)} again`,
    blocks: [
      section(`🔁 <@${input.userId}> asked to render ${languageLabel(input.lang)} again.`),
      context('The status message above follows it; the new files arrive as a new reply.'),
    ],
  };
}

export function speakersChanged(input: {
  userId: string;
  lang: string;
  count: number;
  targetId: string;
  /** Speakers given another voice, with that voice's label. */
  voices?: { speaker: string; label: string }[];
}): MessageContent {
  const people = `${input.count} speaker${input.count === 1 ? '' : 's'}`;
  const voices = input.voices ?? [];
  const shown = voices.slice(0, 20).map((v) => `${escapeText(v.speaker)} → ${escapeText(v.label)}`);
  if (voices.length > shown.length) shown.push(`${voices.length - shown.length} more`);
  const voiceWords = shown.length > 0 ? ` and gave ${shown.join(', ')}` : '';
  return {
    text: `${languageName(input.lang)} set to ${people}${voices.length > 0 ? `, ${voices.length} voice${voices.length === 1 ? '' : 's'} changed` : ''}`,
    blocks: [
      section(
        `🗣 <@${input.userId}> set ${languageLabel(input.lang)} to ${people}${voiceWords}. Render again to hear it.`,
      ),
      {
        type: 'actions',
        elements: [button('Render again', THREAD_ACTIONS.render, input.targetId, 'primary')],
      },
    ],
  };
}

/** Blocks of the dialog around the speakers' inputs: the intro, the count, the samples' heading and the "more". */
const FRAME_BLOCKS = 4;
/** Samples a context block holds (Slack's limit of elements). */
const SAMPLES_PER_BLOCK = LIMITS.contextElements;
/** At most this many blocks of samples, so that the speakers' inputs keep the room they need. */
const SAMPLE_BLOCKS = 4;

/** "Ava (es) · female", as an option and in the samples. */
export function voiceName(voice: VoiceChoice): string {
  return voice.gender && voice.gender !== 'unknown' ? `${voice.label} · ${voice.gender}` : voice.label;
}

/**
 * Speakers & voices: how many people speak, and per speaker a voice picked from the project's voices (each
 * with its gender; the samples, where the service has one, as links above). Saving sends the whole voice map
 * (the service replaces it whole); *Render again* applies it. A speaker with no voice yet must be given one.
 * Without `speakers` (the voices could not be read), only the count is asked.
 */
export function speakersModal(input: {
  targetId: string;
  lang: string;
  current: number | null;
  speakers?: SpeakerVoice[];
  voices?: VoiceChoice[];
}): types.ModalView {
  const options = Array.from({ length: MAX_SPEAKERS }, (_, i) => ({
    text: { type: 'plain_text' as const, text: `${i + 1} speaker${i === 0 ? '' : 's'}` },
    value: String(i + 1),
  }));
  const initial = options.find((o) => o.value === String(input.current));
  const voices = (input.voices ?? []).slice(0, LIMITS.options);
  const speakers = input.speakers ?? [];
  const blocks: Block[] = [
    section(
      'How many people speak in the video, and the voice each one speaks with. Saving changes the project; ' +
        '*Render again* applies it. A new voice re-dubs all of that speaker’s lines, which costs minutes.',
    ),
    {
      type: 'input',
      block_id: THREAD_ACTIONS.speakersBlock,
      label: { type: 'plain_text', text: 'Speakers' },
      element: {
        type: 'static_select',
        action_id: THREAD_ACTIONS.speakersAction,
        options,
        ...(initial ? { initial_option: initial } : {}),
      },
    },
  ];
  const samples = voices.filter((v) => v.sample_src);
  const sampleBlocks: Block[] = [];
  for (let i = 0; i < samples.length && sampleBlocks.length < SAMPLE_BLOCKS; i += SAMPLES_PER_BLOCK) {
    sampleBlocks.push(
      context(...samples.slice(i, i + SAMPLES_PER_BLOCK).map((v) => link(v.sample_src, `▶ ${voiceName(v)}`))),
    );
  }
  if (sampleBlocks.length > 0) blocks.push(context('*Listen to the voices*'), ...sampleBlocks);
  const choices = voices.map((v) => option(voiceName(v), v.id));
  const room = LIMITS.modalBlocks - blocks.length - FRAME_BLOCKS;
  if (choices.length > 0) {
    for (const { speaker, voiceId } of speakers.slice(0, room)) {
      const chosen = choices.find((o) => o.value === voiceId);
      blocks.push({
        type: 'input',
        block_id: `${THREAD_ACTIONS.voiceBlock}${speaker}`,
        label: { type: 'plain_text', text: truncate(`Voice of ${speaker}`, 2000) },
        element: {
          type: 'static_select',
          action_id: THREAD_ACTIONS.voiceAction,
          placeholder: { type: 'plain_text', text: 'Pick a voice' },
          options: choices,
          ...(chosen ? { initial_option: chosen } : {}),
        },
      });
    }
  }
  // Speakers past the room a view has keep their voices: the map sent still names them.
  if (speakers.length > room && choices.length > 0)
    blocks.push(context(`${speakers.length - room} more speakers keep their voices.`));
  return {
    type: 'modal',
    callback_id: THREAD_ACTIONS.speakersCallbackId,
    private_metadata: input.targetId,
    title: {
      type: 'plain_text',
      text: truncate(`Speakers · ${languageName(input.lang)}`, LIMITS.modalTitle),
    },
    submit: { type: 'plain_text', text: 'Save' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks,
  };
}

/** What the dialog's state holds: the count (NaN when none), and the voice picked for each speaker shown. */
export function readSpeakersDialog(values: StateValues): { count: number; voices: Record<string, string> } {
  const voices: Record<string, string> = {};
  let count = Number.NaN;
  for (const [blockId, block] of Object.entries(values)) {
    if (blockId === THREAD_ACTIONS.speakersBlock)
      count = Number(block[THREAD_ACTIONS.speakersAction]?.selected_option?.value);
    if (blockId.startsWith(THREAD_ACTIONS.voiceBlock)) {
      const voice = block[THREAD_ACTIONS.voiceAction]?.selected_option?.value;
      if (voice) voices[blockId.slice(THREAD_ACTIONS.voiceBlock.length)] = voice;
    }
  }
  return { count, voices };
}
