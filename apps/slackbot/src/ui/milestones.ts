// Milestone replies in a job's thread: one per event that matters (started, dubbed, failed), never one
// per status.

import { languageLabel, languageName } from '../domain/languages.ts';
import {
  type Block,
  button,
  context,
  escapeProse,
  escapeText,
  link,
  type MessageContent,
  section,
} from './blocks.ts';
import { explainFailure } from './failures.ts';
import { dubbedActions } from './thread-actions.ts';

export const MILESTONE_ACTIONS = { retry: 'target_retry' } as const;

export function startedReply(input: { langs: string[]; userId: string; again?: boolean }): MessageContent {
  const names = input.langs.map(languageLabel).join(', ');
  const verb = input.again ? 'Started again' : 'Started';
  return {
    text: `${verb}: dubbing into ${input.langs.map(languageName).join(', ')}`,
    blocks: [
      section(`▶️ ${verb}: dubbing into ${names}.`),
      context(`Requested by <@${input.userId}> · the status messages above follow each language.`),
    ],
  };
}

/** A job someone stopped following: who, which languages stopped, and that the minutes spent stay spent. */
export function stoppedReply(input: { langs: string[]; userId: string }): MessageContent {
  return {
    text: `Stopped by <@${input.userId}>: ${input.langs.map(languageName).join(', ')}`,
    blocks: [
      section(
        `⏹ <@${input.userId}> stopped this dub: ${input.langs.map(languageLabel).join(', ')} will not be posted here.`,
      ),
      context(
        'The service cannot cancel a project: the minutes already spent on these languages stay spent. ' +
          'Nothing more will be asked of it for this job.',
      ),
    ],
  };
}

export interface DubbedLinks {
  video?: string | null;
  audio?: string | null;
  voiceover?: string | null;
  srt?: string | null;
  vtt?: string | null;
}

export function dubbedReply(input: {
  lang: string;
  title: string;
  links: DubbedLinks;
  /** The language's target: adds Review translation, Speakers, Lip-sync and Render again. */
  targetId?: string;
  /** Which render of the language this is (its buttons act on it). */
  render?: number;
}): MessageContent {
  const render = input.render ? ` · render ${input.render}` : '';
  const links = [
    link(input.links.video, '▶ Video'),
    link(input.links.audio, '🔊 Audio'),
    link(input.links.voiceover, '🎙 Voice only'),
    link(input.links.srt, '💬 SRT'),
    link(input.links.vtt, '💬 VTT'),
  ].join(' · ');
  return {
    text: `${languageName(input.lang)} dub of ${escapeText(input.title)} ready`,
    blocks: [
      section(`✅ *${languageLabel(input.lang)} dub ready*${render} — ${escapeText(input.title)}\n${links}`),
      ...(input.targetId ? [dubbedActions(input.targetId)] : []),
    ],
  };
}

/**
 * A render's reply once a newer render of its language was delivered: as it was, without its buttons (its links
 * stay), saying which render replaced it and where that one is.
 */
export function replacedReply(
  reply: MessageContent,
  input: { lang: string; render: number; by: number },
): MessageContent {
  const blocks: Block[] = reply.blocks.filter((b) => b.type !== 'actions');
  blocks.push(
    context(
      `↪️ Render ${input.render} of ${languageLabel(input.lang)} was replaced by render ${input.by}: its reply, further down, has the buttons.`,
    ),
  );
  return { text: `${reply.text} (render ${input.render}, replaced by render ${input.by})`, blocks };
}

export function failedReply(input: {
  lang: string;
  status: string;
  stageLabel?: string;
  detail?: string;
  targetId: string;
}): MessageContent {
  const why = explainFailure(input.status, input.stageLabel, input.detail);
  // The project and the service's status are in the status message's details, for support.
  const blocks: MessageContent['blocks'] = [
    section(`❌ *${languageLabel(input.lang)} dub failed.* ${escapeProse(why.text)}`),
  ];
  if (why.retry) {
    blocks.push({
      type: 'actions',
      elements: [button('Retry', MILESTONE_ACTIONS.retry, input.targetId, 'primary')],
    });
  }
  return { text: `${languageName(input.lang)} dub failed: ${escapeProse(why.text)}`, blocks };
}
