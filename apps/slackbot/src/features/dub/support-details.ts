// "Details" beside a failed language's status message: an overflow menu whose one item shows the ids support
// asks for (the project, the service's status) to the person who picked it, so the thread itself carries
// none. The ids are read from the store when picked, never from the menu.
import type { OverflowArgs } from '../../access/definitions.ts';
import type { TargetSubject } from '../../access/rules.ts';
import { languageLabel } from '../../domain/languages.ts';
import type { SupportIds } from '../../thread/status.ts';
import { codeSpan, ephemeral } from '../../ui/blocks.ts';
import type { CardDeps } from './card.ts';

export const SUPPORT_DETAILS = {
  /** The overflow menu beside a failed language's status line; its option's value is the language's id. */
  menu: 'status_details',
  label: 'Details for support',
} as const;

/** "Details for support of 🇩🇪 German: project `p1` · status `voiceover_failed`", or why there are none. */
export function supportDetailsText(lang: string, ids: SupportIds | undefined): string {
  const name = languageLabel(lang);
  const parts = [
    ...(ids?.projectId ? [`project ${codeSpan(ids.projectId)}`] : []),
    ...(ids?.status ? [`status ${codeSpan(ids.status)}`] : []),
  ];
  if (!ids) return `${name} has not failed (any more), so there are no details for support.`;
  if (parts.length === 0) return `${name} failed before the service had a project for it: no ids to give.`;
  return `Details for support of ${name}: ${parts.join(' · ')}. Give these when you ask for help with it.`;
}

/** The menu's item picked: the ids, to that person only. */
export function showSupportDetails(deps: CardDeps) {
  return async ({ ack, respond }: OverflowArgs, { target }: TargetSubject) => {
    await ack();
    await respond(ephemeral(supportDetailsText(target.dstLang, await deps.jobs.supportIds(target.id))));
  };
}
