// The job card: what will be dubbed, the picker (source language, destination languages, speakers) with
// Start and Cancel while the job waits, then a summary of the choice once started or cancelled.
import type { types } from '@slack/bolt';
import { minutesNeeded } from '../../domain/credits.ts';
import { destinationGroups, LANGUAGES, languageLabel, languageName } from '../../domain/languages.ts';
import { MAX_SPEAKERS } from '../../domain/limits.ts';
import { videoLength } from '../../domain/video.ts';
import type { CardLanguage, CardVideo, JobCardInput } from '../../thread/card.ts';
import { lowerFirst } from '../../thread/failures.ts';
import {
  type Block,
  button,
  context,
  escapeText,
  link,
  type MessageContent,
  option,
  type StateValues,
  section,
} from '../../ui/blocks.ts';
import { startedWords, waitingLine } from './autopilot-line.ts';
import { glossaryPicker } from './glossary-picker.ts';

/** Action and block ids of the card; listeners read the picker's state by these. */
export const JOB_CARD = {
  dstBlock: 'job_dst',
  dstAction: 'job_dst',
  srcBlock: 'job_src',
  srcAction: 'job_src',
  speakersBlock: 'job_speakers',
  speakersAction: 'job_speakers',
  start: 'job_start',
  cancel: 'job_cancel',
  stop: 'job_stop',
  restart: 'job_restart',
  retry: 'target_retry',
  autoValue: 'auto',
} as const;

/** The card's top line: "🎬 *title* · 12:34 · from English". */
export function cardHeader(input: Pick<JobCardInput, 'title' | 'source' | 'srcLang' | 'video'>): string {
  const what = input.source.kind === 'link' ? link(input.source.link, input.title) : escapeText(input.title);
  const seconds = input.video?.state === 'ready' ? input.video.seconds : null;
  const from = input.srcLang ? `from ${languageName(input.srcLang)}` : 'language detected by the service';
  return ['🎬 *' + what + '*', ...(seconds === null ? [] : [videoLength(seconds)]), from].join(' · ');
}

/**
 * What a waiting card says about minutes: once the video's length is known, what the ticked languages leave
 * ("≈ 25 of 310 minutes left after this job") or that they do not fit and what to do; before, that the length
 * is being read; undefined when nothing can be said.
 */
export function minutesEstimate(
  video: CardVideo | undefined,
  languages: number,
  minutesLeft: number | undefined,
): string | undefined {
  if (video?.state === 'failed') {
    return `⚠️ The service could not take this video: ${escapeText(video.why)}. Share a link it can open, or upload the file here.`;
  }
  if (video?.state === 'preparing') {
    const left =
      minutesLeft === undefined
        ? ''
        : ` · *${minutesLeft.toLocaleString('en-US')} minutes left* on the account`;
    return `⏳ Reading the video: its length and the minutes it needs show here in a moment${left}.`;
  }
  if (minutesLeft === undefined) return undefined;
  if (video?.state !== 'ready' || video.seconds === null) return minutesLine(minutesLeft);
  const needed = minutesNeeded(video.seconds, languages);
  const left = minutesLeft.toLocaleString('en-US');
  if (needed > minutesLeft) {
    return (
      `⚠️ Dubbing into ${plural(languages, 'language')} needs ${plural(needed, 'minute')}, and ${left} ` +
      `${minutesLeft === 1 ? 'is' : 'are'} left on the account: pick fewer languages, or add minutes to the account, then press *Start*.`
    );
  }
  return `≈ ${(minutesLeft - needed).toLocaleString('en-US')} of ${left} minutes left after this job`;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * What the picker says about minutes: the video's length is known only after its upload, so the price is per
 * minute of video, checked against what is left before anything is created.
 */
export function minutesLine(minutesLeft: number): string {
  return (
    `⏱ Each language uses the video’s length in whole minutes · *${minutesLeft.toLocaleString('en-US')} ` +
    'minutes left* on the account. The length is checked after the upload, before anything is created: ' +
    'when the languages do not all fit, none is started.'
  );
}

export function jobCard(input: JobCardInput): MessageContent {
  const header = section(cardHeader(input));
  if (input.state === 'cancelled') {
    return {
      text: `Dubbing of ${escapeText(input.title)} cancelled`,
      blocks: [
        header,
        context(`Cancelled by <@${input.userId}>. No minutes were used.`),
        startAgainButton(input.jobId),
      ],
    };
  }
  if (input.state === 'started') {
    const into = input.dstLangs.map(languageLabel).join(', ');
    const speakers = input.numSpeakers ? `${input.numSpeakers} speakers` : 'speakers auto-detected';
    const seconds = input.video?.state === 'ready' ? input.video.seconds : null;
    const uses =
      seconds === null ? [] : [`uses ${plural(minutesNeeded(seconds, input.dstLangs.length), 'minute')}`];
    const autopilot = input.autopilot ? startedWords(input.autopilot) : [];
    // Autopilot started it: the person only posted the video.
    const by = input.autopilot?.state === 'started' ? 'posted by' : 'started by';
    const languages = input.languages ?? [];
    const ended = input.running === false && languages.length > 0;
    const retries = languages.filter((l) => l.phase === 'failed' && l.retry);
    const buttons = [
      ...(input.running === false ? [] : [button('Stop', JOB_CARD.stop, input.jobId)]),
      ...retries.map((l) => button(`Retry ${languageName(l.lang)}`, JOB_CARD.retry, l.targetId)),
    ];
    return {
      text: ended
        ? `${escapeText(input.title)}: ${outcome(languages)}`
        : `Dubbing ${escapeText(input.title)} into ${input.dstLangs.map(languageName).join(', ')}`,
      blocks: [
        header,
        section(ended ? `🏁 *${outcome(languages)}*` : `Dubbing into ${into}`),
        ...(languages.length > 0 ? [section(languages.map(languageLine).join('\n'))] : []),
        context([speakers, ...uses, ...autopilot, `${by} <@${input.userId}>`].join(' · ')),
        ...(buttons.length === 0
          ? []
          : [{ type: 'actions' as const, block_id: 'job_running', elements: buttons }]),
      ],
    };
  }
  if (input.state === 'stopped') {
    return {
      text: `Dubbing of ${escapeText(input.title)} stopped`,
      blocks: [
        header,
        context(
          `⏹ Stopped by <@${input.userId}>: its languages are no longer followed here. The service keeps the minutes already spent.`,
        ),
        startAgainButton(input.jobId),
      ],
    };
  }
  return {
    text: `Dub ${escapeText(input.title)}: pick the languages and press Start`,
    blocks: [
      header,
      context(`Pick the languages to dub into, then press *Start*. One project is created per language.`),
      {
        type: 'actions',
        block_id: pickerBlock(JOB_CARD.dstBlock, input.jobId),
        elements: [destinationSelect(input.dstLangs)],
      },
      {
        type: 'actions',
        block_id: pickerBlock(JOB_CARD.srcBlock, input.jobId),
        elements: [sourceSelect(input.srcLang), speakersSelect(input.numSpeakers)],
      },
      ...(input.glossaries?.length ? [glossaryPicker(input.glossaries, input.glossaryIds ?? [])] : []),
      ...[
        minutesEstimate(input.video, input.dstLangs.length, input.minutesLeft),
        input.autopilot && waitingLine(input.autopilot),
      ].flatMap((line) => (line ? [context(line)] : [])),
      {
        type: 'actions',
        block_id: 'job_buttons',
        elements: [
          button('Start', JOB_CARD.start, input.jobId, 'primary'),
          button('Cancel', JOB_CARD.cancel, input.jobId),
        ],
      },
    ],
  };
}

/** Start again, under a stopped or cancelled card's summary. */
function startAgainButton(jobId: string): Block {
  return {
    type: 'actions',
    block_id: 'job_ended',
    elements: [button('Start again', JOB_CARD.restart, jobId)],
  };
}

/**
 * A language's line on a started card: "🇩🇪 German — ✅ approved r3 by @ana · ⏳ r4 waiting for review
 * (assigned to @ben)", "❌ failed at recording voiceover, Retry".
 */
export function languageLine(language: CardLanguage): string {
  const parts: string[] = [];
  const { render, approved } = language;
  if (language.phase === 'running') {
    if (approved) parts.push(`✅ approved r${approved.render} by <@${approved.by}>`);
    parts.push(render > 1 ? `🔄 r${render} under way` : '🔄 dubbing');
  } else if (language.phase === 'stopped') {
    parts.push('⏹ stopped');
  } else if (language.phase === 'failed') {
    const where = language.failedAt ? ` at ${lowerFirst(escapeText(language.failedAt))}` : '';
    parts.push(`❌ failed${where}${language.retry ? ', Retry' : ''}`);
  } else {
    if (approved) parts.push(`✅ approved r${approved.render} by <@${approved.by}>`);
    if (approved?.render !== render) {
      const assigned = language.assignee ? ` (assigned to <@${language.assignee}>)` : '';
      parts.push(
        language.changesBy
          ? `🔁 changes asked of r${render} by <@${language.changesBy}>${assigned}`
          : `⏳ r${render} waiting for review${assigned}`,
      );
    }
  }
  return `${languageLabel(language.lang)} — ${parts.join(' · ')}`;
}

/** When every language has ended: "Done: 2 of 3 languages dubbed (1 approved), 1 failed". */
export function outcome(languages: CardLanguage[]): string {
  const count = (phase: CardLanguage['phase']) => languages.filter((l) => l.phase === phase).length;
  const dubbed = count('dubbed');
  const approved = languages.filter((l) => l.phase === 'dubbed' && l.approved?.render === l.render).length;
  const rest = [
    ...(count('failed') > 0 ? [`${count('failed')} failed`] : []),
    ...(count('stopped') > 0 ? [`${count('stopped')} stopped`] : []),
  ];
  return [
    `Done: ${dubbed} of ${plural(languages.length, 'language')} dubbed${approved > 0 ? ` (${approved} approved)` : ''}`,
    ...rest,
  ].join(', ');
}

/**
 * A picker's block id on a card: the block and the job it picks for, so that a change of languages can be
 * checked against its job (as a button's value is) and the card redrawn.
 */
export function pickerBlock(block: string, jobId: string): string {
  return `${block}:${jobId}`;
}

/** The job a card's picker block names, or undefined when the block is not one of a card's pickers. */
export function jobOfPickerBlock(blockId: string): string | undefined {
  const [block, jobId] = blockId.split(':');
  return (block === JOB_CARD.dstBlock || block === JOB_CARD.srcBlock) && jobId ? jobId : undefined;
}

export function destinationSelect(preselected: string[]): types.MultiStaticSelect {
  const groups = destinationGroups().map((group) => ({
    label: { type: 'plain_text' as const, text: group.label },
    options: group.codes.map((code) => option(languageLabel(code), code)),
  }));
  // In the order the person named them.
  const options = groups.flatMap((g) => g.options);
  const initial = preselected.flatMap((code) => options.filter((o) => o.value === code));
  return {
    type: 'multi_static_select',
    action_id: JOB_CARD.dstAction,
    placeholder: { type: 'plain_text', text: 'Dub into…' },
    option_groups: groups,
    ...(initial.length > 0 ? { initial_options: initial } : {}),
  };
}

export function sourceSelect(srcLang: string | null): types.StaticSelect {
  const auto = option('Source: auto-detect', JOB_CARD.autoValue);
  const languages = [...LANGUAGES]
    .sort((a, b) => languageName(a).localeCompare(languageName(b)))
    .map((code) => option(`From ${languageName(code)}`, code));
  const all = [auto, ...languages];
  return {
    type: 'static_select',
    action_id: JOB_CARD.srcAction,
    placeholder: { type: 'plain_text', text: 'Source language' },
    options: all,
    initial_option: all.find((o) => o.value === srcLang) ?? auto,
  };
}

export function speakersSelect(numSpeakers: number | null): types.StaticSelect {
  const auto = option('Speakers: auto', JOB_CARD.autoValue);
  const counts = Array.from({ length: MAX_SPEAKERS }, (_, i) =>
    option(`${i + 1} speaker${i === 0 ? '' : 's'}`, String(i + 1)),
  );
  const all = [auto, ...counts];
  return {
    type: 'static_select',
    action_id: JOB_CARD.speakersAction,
    placeholder: { type: 'plain_text', text: 'Speakers' },
    options: all,
    initial_option: all.find((o) => o.value === String(numSpeakers)) ?? auto,
  };
}

/** Reads the picker's choice from a card's or modal's `state.values` (unchecked: the caller validates). */
export function readJobChoice(values: StateValues): {
  dstLangs: string[];
  srcLang: string | null;
  numSpeakers: number | null;
} {
  const find = (actionId: string) => Object.values(values).find((block) => block[actionId])?.[actionId];
  const dst = find(JOB_CARD.dstAction)?.selected_options ?? [];
  const src = find(JOB_CARD.srcAction)?.selected_option?.value;
  const speakers = find(JOB_CARD.speakersAction)?.selected_option?.value;
  return {
    dstLangs: dst.map((o) => o.value).filter((v): v is string => typeof v === 'string'),
    srcLang: src && src !== JOB_CARD.autoValue ? src : null,
    numSpeakers: speakers && speakers !== JOB_CARD.autoValue ? Number(speakers) : null,
  };
}
