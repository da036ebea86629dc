// App Home's "Assigned to me": the languages someone asked the person to review that nobody has approved yet
// (and that did not fail or stop), in the channels they are in, each with its video, language, state and the
// link to its thread.
import type { Assignment } from '../../domain/assignments.ts';
import type { Job } from '../../store/store.ts';
import { type Block, escapeText, LIMITS, truncate } from '../../ui/blocks.ts';
import { type JobRowDeps, jobRows, type LanguageState, languageStateText } from '../account/job-rows.ts';
import { type HomeItem, homeGroup } from './items.ts';

/** Assignments read, and shown (with the rest, within a Home view's 100 blocks). */
const ASSIGNED_READ = 50;
const MAX_ASSIGNED = 10;

export interface AssignedRow {
  job: Job;
  language: LanguageState;
  assignment: Assignment;
}

export interface AssignedDeps extends JobRowDeps {
  assignedTo(user: string, limit: number): Promise<Assignment[]>;
  getJob(jobId: string): Promise<Job | undefined>;
  /** Whether the person sees the channel (a member, or an admin). */
  sees(channel: string): Promise<boolean>;
}

/** The languages assigned to `user` and not approved, in their channels, the latest assignment first. */
export async function assignedTo(deps: AssignedDeps, user: string): Promise<AssignedRow[]> {
  const rows: AssignedRow[] = [];
  for (const assignment of await deps.assignedTo(user, ASSIGNED_READ)) {
    const job = await deps.getJob(assignment.jobId);
    if (!job || job.state === 'stopped' || !(await deps.sees(job.channel))) continue;
    const targets = (await deps.targetsOf(job.id)).filter((t) => t.id === assignment.targetId);
    const [row] = await jobRows({ ...deps, targetsOf: async () => targets }, [job]);
    const language = row?.langs[0];
    // A language that failed, or that nobody follows any more, has nothing to review.
    if (language && language.state !== 'failed' && !targets[0]?.stoppedBy)
      rows.push({ job, language, assignment });
    if (rows.length >= MAX_ASSIGNED) break;
  }
  return rows;
}

/** The "Assigned to me" group: one item per language with Review; nothing when none is assigned. */
export function assignedBlocks(rows: readonly AssignedRow[]): Block[] {
  const items = rows.map(
    ({ job, language, assignment }): HomeItem => ({
      text: truncate(
        `*${escapeText(truncate(job.title, 200))}* in <#${job.channel}>\n${languageStateText(language)} · asked by <@${assignment.assignedBy}>`,
        LIMITS.sectionText - 200,
      ),
      threadLink: assignment.threadLink,
      action: { kind: 'review', label: 'Review', targetId: assignment.targetId },
    }),
  );
  return homeGroup('Assigned to me', items, MAX_ASSIGNED);
}
