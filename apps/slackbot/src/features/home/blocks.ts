// App Home as a dashboard: what waits for the person, grouped by state (changes asked of their work, their
// approval, assigned to them, others' languages waiting for their review), each item once, with its thread's link
// and its main action; then their own jobs with each language's state, the account's credits, and the channel
// defaults they set. Pure builder; stays within a Home view's 100 blocks.
import type { types } from '@slack/bolt';
import { languageLabel } from '../../domain/languages.ts';
import type { Job } from '../../store/store.ts';
import { type Block, context, escapeText, header, LIMITS, section, truncate } from '../../ui/blocks.ts';
import { type CreditsView, creditsBlocks } from '../account/credits.ts';
import { jobLine } from '../account/job-list.ts';
import { type JobRow, type LanguageState, languageStateText } from '../account/job-rows.ts';
import type { ApprovalQueue } from './approval-queue.ts';
import { approvalQueueBlocks } from './approval-queue-blocks.ts';
import { type AssignedRow, assignedBlocks } from './assigned.ts';
import { type ChangesOnMyWork, changesOnMyWorkBlocks } from './changes-requested.ts';
import { type HomeItem, homeGroup, type ThreadLinks } from './items.ts';

export interface HomeDefaults {
  channel: string;
  dstLangs: string[];
  glossaries: string[];
}

/** Jobs shown under each heading; with the rest, within a Home view's 100 blocks. */
const MAX_WAITING = 10;
const MAX_OWN = 20;

/** A language waiting for the person's word in a job of their channels (see HomeService). */
export interface WaitingLanguage {
  job: Job;
  language: LanguageState;
}

export function homeView(input: {
  /** Languages in the person's channels waiting for their word, none listed in a group above. */
  waiting: WaitingLanguage[];
  /** Jobs they started, approved or asked changes of. */
  own: JobRow[];
  /** The account's credits; else why they are not shown (null: the service did not answer). */
  credits: CreditsView | { missing: string } | null;
  defaults: HomeDefaults[];
  /** The languages waiting for the person's approval in the channels that name them an approver. */
  forMyApproval?: ApprovalQueue;
  /** Languages someone asked the person to review, not approved yet (see assigned.ts). */
  assigned?: AssignedRow[];
  /** Changes asked of renders whose fix is the person's (see changes-requested.ts). */
  changesOnMine?: ChangesOnMyWork[];
  /** Each job's thread, as Slack links to it. */
  links?: ThreadLinks;
}): types.HomeView {
  const links = input.links ?? new Map<string, string>();
  const blocks: Block[] = [
    ...changesOnMyWorkBlocks(input.changesOnMine ?? [], links),
    ...(input.forMyApproval ? approvalQueueBlocks(input.forMyApproval, links) : []),
    ...assignedBlocks(input.assigned ?? []),
  ];
  const waiting = input.waiting.map(
    ({ job, language }): HomeItem => ({
      text: truncate(
        `${languageStateText(language)}\n*${escapeText(truncate(job.title, 200))}* in <#${job.channel}> · started by <@${job.startedBy}>`,
        LIMITS.sectionText - 200,
      ),
      threadLink: links.get(job.id) ?? null,
      ...(language.targetId
        ? { action: { kind: 'review' as const, label: 'Review', targetId: language.targetId } }
        : {}),
    }),
  );
  blocks.push(...homeGroup('Waiting for you', waiting, MAX_WAITING));
  const own = input.own.map(
    (row): HomeItem => ({ text: jobLine(row), threadLink: links.get(row.job.id) ?? null }),
  );
  blocks.push(
    ...homeGroup(
      'Your dubs',
      own,
      MAX_OWN,
      blocks.length > 0
        ? 'None of your own yet.'
        : 'No dubs yet. Drop a video link or file in a channel I am in, or use `/dub <link>`.',
    ),
  );
  blocks.push(header('Account credits'));
  if (input.credits && 'missing' in input.credits) blocks.push(section(input.credits.missing));
  else if (input.credits) blocks.push(...creditsBlocks(input.credits));
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
