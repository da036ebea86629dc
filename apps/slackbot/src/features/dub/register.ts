// The dub feature: `/dub` (and the subcommands other features register), the job card's Start, Cancel and
// pickers, Retry on a failed language, the "Dub this video" shortcut and its modal, and the messages the app
// is shown (mentions, shared files).
import { button, command, event, overflow, pick, select, shortcut, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import {
  type CardDeps,
  cancelJob,
  confirmCancel,
  confirmRestart,
  confirmRetry,
  confirmStop,
  pickerChanged,
  retryTarget,
  startAgain,
  startJob,
  stopJob,
} from './card.ts';
import { JOB_CARD, jobOfPickerBlock } from './card-blocks.ts';
import { dubCommand } from './command.ts';
import { CONFIRM } from './confirm-views.ts';
import { GLOSSARY_PICKER } from './glossary-picker.ts';
import { JOB_MODAL } from './job-modal.ts';
import { type MessageDeps, onMention, onMessage } from './messages.ts';
import { submitJobModal } from './modal.ts';
import { DUB_SHORTCUT, dubMessageShortcut } from './shortcut.ts';
import { stopSubcommand } from './stop.ts';
import { SUPPORT_DETAILS, showSupportDetails } from './support-details.ts';

export type DubDeps = CardDeps &
  MessageDeps & { slack: MessageDeps['slack'] & Parameters<typeof dubMessageShortcut>[0]['slack'] };

/** What `/dub` routes its subcommands with: the registry every feature registered them in. */
type CommandRouting = { subcommands: Pick<Registry, 'subcommandIn' | 'subcommands'> };

/** `/dub`: a job, help, or a subcommand another feature registered. */
export const dub = command({
  name: '/dub',
  rule: rules.caller,
  handler: (deps: DubDeps & CommandRouting) => dubCommand(deps, deps.subcommands),
});

/** Start, on a waiting card. */
export const start = button({ id: JOB_CARD.start, rule: rules.jobMember, handler: startJob });
/** Cancel, on a waiting card: its dialog first. */
export const cancel = button({ id: JOB_CARD.cancel, rule: rules.jobMember, handler: cancelJob });
/** Stop, on a started card while a language is under way: its dialog first, with the minutes kept. */
export const stop = button({ id: JOB_CARD.stop, rule: rules.jobMember, handler: stopJob });
/** Start again, on a stopped or cancelled card: the picker again, or (stopped) its dialog with the minutes. */
export const restart = button({ id: JOB_CARD.restart, rule: rules.jobMember, handler: startAgain });
/** Retry, on a failed language's reply: its dialog first, with the minutes a new project uses. */
export const retry = button({ id: JOB_CARD.retry, rule: rules.targetMember, handler: retryTarget });
/** Details, beside a failed language's status line: the ids support asks for, to the one who picked it. */
export const details = overflow({
  id: SUPPORT_DETAILS.menu,
  rule: rules.targetMember,
  handler: showSupportDetails,
});

export const dubInteractions = [
  dub,
  start,
  cancel,
  stop,
  restart,
  retry,
  details,
  // The dialogs' submissions: each does what its button asked, once confirmed.
  view({ callbackId: CONFIRM.cancel, rule: rules.opener, handler: confirmCancel }),
  view({ callbackId: CONFIRM.stop, rule: rules.opener, handler: confirmStop }),
  view({ callbackId: CONFIRM.retry, rule: rules.opener, handler: confirmRetry }),
  view({ callbackId: CONFIRM.restart, rule: rules.opener, handler: confirmRestart }),
  // The languages and the source language change what the card says (the minutes, "from …").
  pick({ id: JOB_CARD.dstAction, rule: rules.jobPicker(jobOfPickerBlock), handler: pickerChanged }),
  pick({ id: JOB_CARD.srcAction, rule: rules.jobPicker(jobOfPickerBlock), handler: pickerChanged }),
  select(JOB_CARD.speakersAction),
  select(GLOSSARY_PICKER.action),
  shortcut({ callbackId: DUB_SHORTCUT, rule: rules.shortcutMember, handler: dubMessageShortcut }),
  view({ callbackId: JOB_MODAL.callbackId, rule: rules.opener, handler: submitJobModal }),
  // A mention or a shared file: the poster's, checked like their click.
  event({ type: 'app_mention', rule: rules.poster, handler: onMention }),
  event({ type: 'message', rule: rules.poster, handler: onMessage }),
];

export function registerDub(r: Registry, deps: DubDeps): void {
  r.register(dubInteractions, { ...deps, subcommands: r });
  r.subcommand({
    names: ['stop', 'cancel'],
    help: '`/dub stop <link to a dub’s thread>` — stop following a running dub (or press Stop on its card)',
    rule: rules.caller,
    acksOnceRecorded: true,
    run: stopSubcommand(deps),
  });
}
