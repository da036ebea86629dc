// App Home's "Changes requested on my work": in the jobs of the person's channels, each language whose current
// render someone asked changes of, when the change is theirs to make — assigned to review it, else its last
// editor, else the job's owner (the same person the request mentioned in the thread) — newest job first.
import { languageLabel } from '../../domain/languages.ts';
import type { ChangeRequest, Job, Target } from '../../store/store.ts';
import { type Block, context, escapeText, header, section, truncate } from '../../ui/blocks.ts';
import type { ApprovalService } from '../approval/service.ts';

/** Lines shown; more are counted. */
const SHOWN = 10;

export interface ChangesOnMyWork {
  job: Job;
  target: Target;
  request: ChangeRequest;
}

export async function changesOnMyWork(
  deps: {
    approvals: Pick<ApprovalService, 'changesRequested' | 'whoFixes'>;
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
      if (request && (await deps.approvals.whoFixes(target, job)).userId === userId)
        found.push({ job, target, request });
    }
  }
  return found;
}

/** The heading and one line per language; nothing when no change waits for the person. */
export function changesOnMyWorkBlocks(rows: readonly ChangesOnMyWork[]): Block[] {
  if (rows.length === 0) return [];
  const lines = rows
    .slice(0, SHOWN)
    .map(
      ({ job, target, request }) =>
        `• ${languageLabel(target.dstLang)} · render ${request.attempt} — *${escapeText(truncate(job.title, 80))}* in <#${job.channel}>: ✋ <@${request.userId}> “${escapeText(truncate(request.reason, 200))}”`,
    );
  const more = rows.length - SHOWN;
  return [
    header(`Changes requested on my work (${rows.length})`),
    section(lines.join('\n')),
    ...(more > 0 ? [context(`and ${more} more`)] : []),
    { type: 'divider' },
  ];
}
