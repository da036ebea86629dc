// The dialogs that ask once before minutes are spent or work is stopped: Retry (what the new attempt uses and
// what is left), Stop (what was already used, and that the service keeps it), Cancel (that nothing was used),
// and Start again on a stopped job. Closing a dialog does nothing; its submission is the act. Pure builders:
// the listeners (card.ts) work out the figures.
import type { types } from '@slack/bolt';
import { languageName } from '../../domain/languages.ts';
import { context, modalTitle, noticeModal, plain, section } from '../../ui/blocks.ts';

/** The dialogs' callback ids: each submission is registered under its own (register.ts). */
export const CONFIRM = {
  retry: 'target_retry_confirm',
  stop: 'job_stop_confirm',
  cancel: 'job_cancel_confirm',
  restart: 'job_restart_confirm',
} as const;

/** What a new project costs, as far as it is known: the video's whole minutes per language, and what is left. */
export interface Price {
  /** Minutes one language uses; null while the video's length is unknown. */
  perLanguage: number | null;
  /** Minutes left on the account; undefined when the service could not say. */
  minutesLeft: number | undefined;
}

export function minutes(n: number): string {
  return `${n.toLocaleString('en-US')} minute${n === 1 ? '' : 's'}`;
}

/** "uses 3 minutes of the 41 left on the account" for `languages` new projects. */
function uses(price: Price, languages: number): string {
  const left =
    price.minutesLeft === undefined
      ? ''
      : ` of the ${price.minutesLeft.toLocaleString('en-US')} left on the account`;
  if (price.perLanguage === null) return `uses the video’s length in whole minutes for each language${left}`;
  return `uses ${minutes(price.perLanguage * languages)}${left}`;
}

/** Whether the new projects would need more minutes than are left (the service would refuse them). */
function shortOfMinutes(price: Price, languages: number): boolean {
  return (
    price.perLanguage !== null &&
    price.minutesLeft !== undefined &&
    price.perLanguage * languages > price.minutesLeft
  );
}

const SHORT =
  '⚠️ That is more than the account has left: the service will refuse it unless minutes are added first.';

function confirmView(input: {
  callbackId: string;
  subject: string;
  title: types.PlainTextElement;
  lines: string[];
  note: string;
  submit: string;
  close: string;
}): types.ModalView {
  return {
    type: 'modal',
    callback_id: input.callbackId,
    private_metadata: input.subject,
    title: input.title,
    submit: plain(input.submit),
    close: plain(input.close),
    blocks: [...input.lines.map((line) => section(line)), context(input.note)],
  };
}

/** "Retry German? A new project uses 3 minutes of the 41 left on the account." */
export function retryConfirmView(input: { targetId: string; lang: string; price: Price }): types.ModalView {
  const name = languageName(input.lang);
  return confirmView({
    callbackId: CONFIRM.retry,
    subject: input.targetId,
    title: modalTitle('Retry', input.lang),
    lines: [
      `*Retry ${name}?*\nA new project ${uses(input.price, 1)}.`,
      ...(shortOfMinutes(input.price, 1) ? [SHORT] : []),
    ],
    note: 'The minutes the failed attempt used stay spent. Close this dialog to leave it as it is: nothing is used.',
    submit: input.price.perLanguage === null ? 'Retry' : `Retry · ${minutes(input.price.perLanguage)}`,
    close: 'Not now',
  });
}

/** "Stop this dub? Spanish, German are still under way; 6 minutes were used for them, and the service keeps them." */
export function stopConfirmView(input: {
  jobId: string;
  running: string[];
  /** Minutes the projects under way already used; null while the video's length is unknown. */
  spent: number | null;
}): types.ModalView {
  const langs = input.running.map(languageName).join(', ');
  const spent =
    input.spent === null
      ? 'The minutes their projects already used'
      : `The ${minutes(input.spent)} their projects already used`;
  return confirmView({
    callbackId: CONFIRM.stop,
    subject: input.jobId,
    title: plain('Stop this dub'),
    lines: [
      `*Stop dubbing ${langs}?*\nTheir files will not be posted here. ${spent} stay spent: the service keeps them, stopping gives none back.`,
    ],
    note: 'A stopped dub can be started again from its card (new projects, new minutes). Close this dialog to keep dubbing.',
    submit: 'Stop',
    close: 'Keep dubbing',
  });
}

/** "Cancel this dub? Nothing was started, so no minutes were used." */
export function cancelConfirmView(input: { jobId: string }): types.ModalView {
  return confirmView({
    callbackId: CONFIRM.cancel,
    subject: input.jobId,
    title: plain('Cancel this dub'),
    lines: ['*Cancel this dub?*\nNothing was started, so no minutes were used.'],
    note: 'A cancelled dub can be started again from its card. Close this dialog to keep the card as it is.',
    submit: 'Cancel the dub',
    close: 'Keep it',
  });
}

/** "Start Spanish, German again? New projects use 6 minutes of the 41 left on the account." */
export function restartConfirmView(input: { jobId: string; langs: string[]; price: Price }): types.ModalView {
  const langs = input.langs.map(languageName).join(', ');
  return confirmView({
    callbackId: CONFIRM.restart,
    subject: input.jobId,
    title: plain('Start again'),
    lines: [
      `*Start ${langs} again?*\nNew projects, one per language: that ${uses(input.price, input.langs.length)}.`,
      ...(shortOfMinutes(input.price, input.langs.length) ? [SHORT] : []),
    ],
    note: 'The minutes the stopped projects used stay spent. Close this dialog to leave the dub stopped.',
    submit: 'Start again',
    close: 'Not now',
  });
}

/** The dialog saying why nothing was done (the job moved on meanwhile), or that it is being worked out. */
export function confirmNotice(title: string, message: string): types.ModalView {
  return noticeModal(plain(title), message);
}
