// The dub feature: `/dub` (and the subcommands other features register), the job card's Start, Cancel and
// pickers, Retry on a failed language, the "Dub this video" shortcut and its modal, and the messages the app
// is shown (mentions, shared files).
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import { GLOSSARY_PICKER } from '../../ui/glossary-picker.ts';
import { JOB_CARD } from '../../ui/job-card.ts';
import { MILESTONE_ACTIONS } from '../../ui/milestones.ts';
import { type CardDeps, cancelJob, pickerChanged, retryTarget, startJob, stopJob } from './card.ts';
import { dubCommand } from './command.ts';
import { JOB_MODAL } from './job-modal.ts';
import { type MessageDeps, onMention, onMessage } from './messages.ts';
import { submitJobModal } from './modal.ts';
import { DUB_SHORTCUT, dubMessageShortcut } from './shortcut.ts';
import { stopSubcommand } from './stop.ts';

export type DubDeps = CardDeps &
  MessageDeps & { slack: MessageDeps['slack'] & Parameters<typeof dubMessageShortcut>[0]['slack'] };

export function registerDub(r: Registry, deps: DubDeps): void {
  r.command('/dub', rules.caller, dubCommand(deps, r));
  r.subcommand({
    names: ['stop', 'cancel'],
    help: '`/dub stop <link to a dub’s thread>` — stop following a running dub (or press Stop on its card)',
    rule: rules.caller,
    run: stopSubcommand(deps),
  });
  r.button(JOB_CARD.start, rules.jobMember, startJob(deps));
  r.button(JOB_CARD.cancel, rules.jobMember, cancelJob(deps));
  r.button(JOB_CARD.stop, rules.jobMember, stopJob(deps));
  r.button(MILESTONE_ACTIONS.retry, rules.targetMember, retryTarget(deps));
  // The languages and the source language change what the card says (the minutes, "from …").
  r.pick(JOB_CARD.dstAction, rules.jobPicker, pickerChanged(deps));
  r.pick(JOB_CARD.srcAction, rules.jobPicker, pickerChanged(deps));
  for (const select of [JOB_CARD.speakersAction, GLOSSARY_PICKER.action]) r.select(select);
  r.shortcut(DUB_SHORTCUT, rules.shortcutMember, dubMessageShortcut(deps));
  r.view(JOB_MODAL.callbackId, rules.opener, submitJobModal(deps));
  r.event('app_mention', rules.poster, onMention(deps));
  r.event('message', rules.poster, onMessage(deps));
}
