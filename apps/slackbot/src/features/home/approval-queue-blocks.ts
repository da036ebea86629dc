// App Home's "Waiting for my approval" section: one line per language waiting for the person's review in
// the channels that name them an approver. Pure.
import { languageLabel } from '../../domain/languages.ts';
import { type Block, context, escapeText, header, section, truncate } from '../../ui/blocks.ts';
import type { ApprovalQueue } from './approval-queue.ts';

/** Lines shown; more are counted. */
const SHOWN = 10;

/** The section, or nothing when the person approves in no channel. */
export function approvalQueueBlocks(queue: ApprovalQueue): Block[] {
  if (queue.channels.length === 0) return [];
  const heading = header('Waiting for my approval');
  if (queue.waiting.length === 0)
    return [heading, section('✅ Nothing waits for your approval.'), { type: 'divider' }];
  const lines = queue.waiting
    .slice(0, SHOWN)
    .map(
      (w) =>
        `• ${languageLabel(w.lang)} · render ${w.render} — *${escapeText(truncate(w.title, 80))}* in <#${w.channel}>`,
    );
  const more = queue.waiting.length - SHOWN;
  return [
    heading,
    section(lines.join('\n')),
    ...(more > 0 ? [context(`and ${more} more`)] : []),
    context('Approve or request changes from each language’s newest reply in its job’s thread.'),
    { type: 'divider' },
  ];
}
