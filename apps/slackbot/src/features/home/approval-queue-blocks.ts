// App Home's "Waiting for my approval" group: one item per language waiting for the person's review in the
// channels that name them an approver, with Approve and its thread's link. Pure.
import { languageLabel } from '../../domain/languages.ts';
import { type Block, escapeText, truncate } from '../../ui/blocks.ts';
import type { ApprovalQueue } from './approval-queue.ts';
import { type HomeItem, homeGroup, type ThreadLinks } from './items.ts';

/** Items shown; more are counted. */
const SHOWN = 8;

/** The group, or nothing when the person approves in no channel. */
export function approvalQueueBlocks(queue: ApprovalQueue, links: ThreadLinks = new Map()): Block[] {
  if (queue.channels.length === 0) return [];
  const items = queue.waiting.map(
    (w): HomeItem => ({
      text: `${languageLabel(w.lang)} · render ${w.render} — *${escapeText(truncate(w.title, 80))}* in <#${w.channel}>`,
      threadLink: links.get(w.jobId) ?? null,
      action: { kind: 'approve', label: 'Approve', targetId: w.targetId },
    }),
  );
  return homeGroup('Waiting for my approval', items, SHOWN, '✅ Nothing waits for your approval.');
}
