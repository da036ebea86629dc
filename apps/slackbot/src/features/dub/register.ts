// The dub feature: `/dub` (and the subcommands other features register), the job card's Start, Cancel and
// pickers, Retry on a failed language, the "Dub this video" shortcut and its modal, and the messages the app
// is shown (mentions, shared files).
import { button, command, event, pick, select, shortcut, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import { type CardDeps, cancelJob, pickerChanged, retryTarget, startJob, stopJob } from './card.ts';
import { JOB_CARD, jobOfPickerBlock } from './card-blocks.ts';
import { dubCommand } from './command.ts';
import { GLOSSARY_PICKER } from './glossary-picker.ts';
import { JOB_MODAL } from './job-modal.ts';
import { type MessageDeps, onMention, onMessage } from './messages.ts';
import { submitJobModal } from './modal.ts';
import { DUB_SHORTCUT, dubMessageShortcut } from './shortcut.ts';
import { stopSubcommand } from './stop.ts';

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
/** Cancel, on a waiting card. */
export const cancel = button({ id: JOB_CARD.cancel, rule: rules.jobMember, handler: cancelJob });
/** Stop, on a started card while a language is under way. */
export const stop = button({ id: JOB_CARD.stop, rule: rules.jobMember, handler: stopJob });
/** Retry, on a failed language's reply: a new project for it. */
export const retry = button({ id: 'target_retry', rule: rules.targetMember, handler: retryTarget });

export const dubInteractions = [
  dub,
  start,
  cancel,
  stop,
  retry,
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
