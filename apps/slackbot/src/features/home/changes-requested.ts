// App Home's "Changes requested on my work": in the jobs of the person's channels, each language whose current
// render someone asked changes of, when the change is theirs to make — assigned to review it, else its last
// editor, else the job's owner (the same person the request mentioned in the thread) — newest job first.
import { languageLabel } from '../../domain/languages.ts';
import type { ChangeRequest, Job, Target } from '../../store/store.ts';
import { type Block, escapeText, truncate } from '../../ui/blocks.ts';
import type { ApprovalService } from '../approval/service.ts';
import { type HomeItem, homeGroup, type ThreadLinks } from './items.ts';

/** Items shown; more are counted. */
const SHOWN = 8;

export interface ChangesOnMyWork {
  job: Job;
  target: Target;
  request: ChangeRequest;
  /** The render changes were asked of, as numbered for people (shownRender). */
  render: number;
}

export async function changesOnMyWork(
  deps: {
    approvals: Pick<ApprovalService, 'changesRequested' | 'whoFixes' | 'renderNumbers'>;
    targetsOf(jobId: string): Promise<Target[]>;
  },
  jobs: readonly Job[],
  userId: string,
): Promise<ChangesOnMyWork[]> {
  const found: ChangesOnMyWork[] = [];
  for (const job of jobs) {
    const targets = await deps.targetsOf(job.id);
    const requests = await deps.approvals.changesRequested(targets);
    for (const target of targets) {
      const request = requests.get(target.id);
      if (request && (await deps.approvals.whoFixes(target, job)).userId === userId) {
        const renders = await deps.approvals.renderNumbers(target.id);
        found.push({ job, target, request, render: renders(request.attempt) });
      }
    }
  }
  return found;
}

/** The group: one item per language, with Review; nothing when no change waits for the person. */
export function changesOnMyWorkBlocks(rows: readonly ChangesOnMyWork[], links: ThreadLinks): Block[] {
  const items = rows.map(
    ({ job, target, request, render }): HomeItem => ({
      text: `${languageLabel(target.dstLang)} · render ${render} — *${escapeText(truncate(job.title, 80))}* in <#${job.channel}>\n✋ <@${request.userId}>: “${escapeText(truncate(request.reason, 200))}”`,
      threadLink: links.get(job.id) ?? null,
      action: { kind: 'review', label: 'Review', targetId: target.id },
    }),
  );
  return homeGroup('Changes requested on my work', items, SHOWN);
}
