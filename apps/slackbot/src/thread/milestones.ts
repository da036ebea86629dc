// Milestone replies in a job's thread: one per event that matters (started, dubbed, failed), never one
// per status. The buttons a reply carries are the features' (MessageParts), drawn by the caller.

import type { types } from '@slack/bolt';
import { languageLabel, languageName } from '../domain/languages.ts';
import {
  type Block,
  context,
  escapeProse,
  escapeText,
  link,
  type MessageContent,
  section,
} from '../ui/blocks.ts';
import { explainFailure } from './failures.ts';

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

/**
 * A job someone stopped following: who, which languages stopped, and that the minutes spent stay spent (how
 * many, when the video's length is known), and that its card can start it again.
 */
export function stoppedReply(input: {
  langs: string[];
  userId: string;
  spent?: number | null;
}): MessageContent {
  const spent =
    input.spent === undefined || input.spent === null
      ? ''
      : ` (${input.spent.toLocaleString('en-US')} minute${input.spent === 1 ? '' : 's'})`;
  return {
    text: `Stopped by <@${input.userId}>: ${input.langs.map(languageName).join(', ')}`,
    blocks: [
      section(
        `⏹ <@${input.userId}> stopped this dub: ${input.langs.map(languageLabel).join(', ')} will not be posted here.`,
      ),
      context(
        `The service cannot cancel a project: the minutes already spent on these languages stay spent${spent}. ` +
          'Nothing more will be asked of it for this job; *Start again* on its card starts them anew.',
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
  /** Which render of the language this is (its buttons act on it). */
  render?: number;
  /** The buttons the features put under it (Review translation, Approve, …), acting on this render. */
  actions?: Block;
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
      ...(input.actions ? [input.actions] : []),
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

/**
 * A failed attempt's reply once someone pressed Retry (on it, or on a later failure of the same language): as it
 * was, without its Retry, saying who retried it — a button that did its work does not stay.
 */
export function retriedReply(reply: MessageContent, input: { userId: string }): MessageContent {
  const blocks: Block[] = reply.blocks.filter((b) => b.type !== 'actions');
  blocks.push(context(`🔁 Retried by <@${input.userId}>: the status message above follows the new attempt.`));
  return { text: `${reply.text} (retried)`, blocks };
}

export function failedReply(input: {
  lang: string;
  status: string;
  stageLabel?: string;
  detail?: string;
  /** What the features offer where a retry can help (Retry). */
  retry: types.Button[];
}): MessageContent {
  const why = explainFailure(input.status, input.stageLabel, input.detail);
  // The project and the service's status are behind the status message's Details menu, for support.
  const blocks: MessageContent['blocks'] = [
    section(`❌ *${languageLabel(input.lang)} dub failed.* ${escapeProse(why.text)}`),
  ];
  if (why.retry && input.retry.length > 0) blocks.push({ type: 'actions', elements: input.retry });
  return { text: `${languageName(input.lang)} dub failed: ${escapeProse(why.text)}`, blocks };
}
