// App Home: the jobs waiting for the person, then their own, each language's state, the account's credits, and the channel
// defaults they set. Pure builder; stays within a Home view's 100 blocks.
import type { types } from '@slack/bolt';
import { languageLabel } from '../../domain/languages.ts';
import { type Block, context, escapeText, header, LIMITS, section, truncate } from '../../ui/blocks.ts';
import { type CreditsView, creditsBlocks } from '../account/credits.ts';
import { jobLine } from '../account/job-list.ts';
import type { JobRow } from '../account/job-rows.ts';
import type { ApprovalQueue } from './approval-queue.ts';
import { approvalQueueBlocks } from './approval-queue-blocks.ts';
import { type AssignedRow, assignedBlocks } from './assigned.ts';
import { type ChangesOnMyWork, changesOnMyWorkBlocks } from './changes-requested.ts';

export interface HomeDefaults {
  channel: string;
  dstLangs: string[];
  glossaries: string[];
}

/** Jobs shown under each heading; with the rest, within a Home view's 100 blocks. */
const MAX_WAITING = 10;
const MAX_OWN = 20;

export function homeView(input: {
  /** Jobs in the person's channels waiting for their word (see HomeService). */
  waiting: JobRow[];
  /** Jobs they started, approved or asked changes of. */
  own: JobRow[];
  credits: CreditsView | null;
  defaults: HomeDefaults[];
  /** The languages waiting for the person's approval in the channels that name them an approver. */
  forMyApproval?: ApprovalQueue;
  /** Languages someone asked the person to review, not approved yet (see assigned.ts). */
  assigned?: AssignedRow[];
  /** Changes asked of renders whose fix is the person's (see changes-requested.ts). */
  changesOnMine?: ChangesOnMyWork[];
}): types.HomeView {
  const blocks: Block[] = [
    ...changesOnMyWorkBlocks(input.changesOnMine ?? []),
    ...assignedBlocks(input.assigned ?? []),
  ];
  if (input.forMyApproval) blocks.push(...approvalQueueBlocks(input.forMyApproval));
  if (input.waiting.length > 0) {
    blocks.push(header('Waiting for you'));
    for (const row of input.waiting.slice(0, MAX_WAITING)) blocks.push(section(jobLine(row)));
    blocks.push({ type: 'divider' });
  }
  blocks.push(header('Your dubs'));
  if (input.own.length === 0)
    blocks.push(
      section(
        input.waiting.length > 0
          ? 'None of your own yet.'
          : 'No dubs yet. Drop a video link or file in a channel I am in, or use `/dub <link>`.',
      ),
    );
  for (const row of input.own.slice(0, MAX_OWN)) blocks.push(section(jobLine(row)));
  blocks.push({ type: 'divider' }, header('Account credits'));
  if (input.credits) blocks.push(...creditsBlocks(input.credits));
  else blocks.push(section('The credits could not be read from the dubbing service just now.'));
  blocks.push({ type: 'divider' }, header('Channel defaults you set'));
  if (input.defaults.length === 0)
    blocks.push(section('None yet: `/dub settings` in a channel sets its languages and glossary.'));
  for (const d of input.defaults.slice(0, LIMITS.modalBlocks - blocks.length - 1)) {
    const langs = d.dstLangs.length > 0 ? d.dstLangs.map(languageLabel).join(', ') : 'no default languages';
    const glossaries =
      d.glossaries.length > 0 ? ` · glossaries: ${d.glossaries.map(escapeText).join(', ')}` : '';
    blocks.push(section(truncate(`<#${d.channel}>: ${langs}${glossaries}`, LIMITS.sectionText)));
  }
  blocks.push(context('`/dub help` · `/dub credits` · `/dub list` · `/dub glossary` · `/dub settings`'));
  return { type: 'home', blocks: blocks.slice(0, LIMITS.modalBlocks) };
}
