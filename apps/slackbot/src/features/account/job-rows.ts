// A job as people list it (`/dub list`, App Home): its video, who started it and when, and each language's
// state in review words — running, failed, dubbed and waiting for review, approved, changes requested.
import { languageLabel } from '../../domain/languages.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Approval, Job, Target } from '../../store/store.ts';
import { escapeText } from '../../ui/blocks.ts';
import type { ApprovalService } from '../approval/service.ts';

export type LanguageState = (
  | { lang: string; state: 'running'; label: string }
  | { lang: string; state: 'failed'; label: string }
  | { lang: string; state: 'dubbed'; earlier?: EarlierApproval }
  | { lang: string; state: 'approved'; by: string }
  | { lang: string; state: 'changes'; by: string; earlier?: EarlierApproval }
) & {
  /** The language's id (Home's buttons act on it); absent where only its words are drawn. */
  targetId?: string;
};

/** An earlier render's approval, which stays with it while a newer render waits. */
export interface EarlierApproval {
  render: number;
  by: string;
  /** The newer render, which waits. */
  newest: number;
}

export interface JobRow {
  job: Job;
  langs: LanguageState[];
}

export interface JobRowDeps {
  dubbing: Pick<DubbingService, 'describeStatus'>;
  approvals: Pick<ApprovalService, 'current' | 'changesRequested' | 'earlier' | 'renderNumbers'>;
  targetsOf(jobId: string): Promise<Target[]>;
}

/** Each job with its languages' states, in the order given. */
export async function jobRows(deps: JobRowDeps, jobs: readonly Job[]): Promise<JobRow[]> {
  const rows: JobRow[] = [];
  for (const job of jobs) {
    const targets = await deps.targetsOf(job.id);
    const [approvals, changes, earlierApprovals] = await Promise.all([
      deps.approvals.current(targets),
      deps.approvals.changesRequested(targets),
      deps.approvals.earlier(targets),
    ]);
    const langs = await Promise.all(
      targets.map(async (t): Promise<LanguageState> => {
        const lang = { lang: t.dstLang, targetId: t.id };
        const info = t.status ? deps.dubbing.describeStatus(t.status) : undefined;
        if (!info?.terminal) return { ...lang, state: 'running', label: info?.label ?? 'Starting' };
        if (info.failed) return { ...lang, state: 'failed', label: info.label };
        const approval = approvals.get(t.id);
        if (approval) return { ...lang, state: 'approved', by: approval.userId };
        const earlier = await earlierOf(deps, t, earlierApprovals.get(t.id));
        const change = changes.get(t.id);
        if (change) return { ...lang, state: 'changes', by: change.userId, ...earlier };
        return { ...lang, state: 'dubbed', ...earlier };
      }),
    );
    rows.push({ job, langs });
  }
  return rows;
}

/** An earlier render's approval beside the newer render, both numbered as people see them. */
async function earlierOf(
  deps: JobRowDeps,
  target: Target,
  before: Approval | undefined,
): Promise<{ earlier: EarlierApproval } | undefined> {
  if (!before) return undefined;
  const renders = await deps.approvals.renderNumbers(target.id);
  return { earlier: { render: renders(before.attempt), by: before.userId, newest: renders(target.attempt) } };
}

/** "🇪🇸 Spanish: ✅ approved by @ana", in mrkdwn. */
export function languageStateText(l: LanguageState): string {
  const name = languageLabel(l.lang);
  switch (l.state) {
    case 'running':
      return `${name}: 🔄 ${escapeText(l.label.toLowerCase())}`;
    case 'failed':
      return `${name}: ❌ ${escapeText(l.label.toLowerCase())}`;
    case 'dubbed':
      return l.earlier
        ? `${name}: ${earlierText(l.earlier)}⏳ render ${l.earlier.newest} waiting for review`
        : `${name}: ⏳ dubbed, waiting for review`;
    case 'approved':
      return `${name}: ✅ approved by <@${l.by}>`;
    case 'changes':
      return `${name}: ${earlierText(l.earlier)}✋ changes requested by <@${l.by}>`;
  }
}

/** "✅ render 3 approved by @ana · " before the newer render's state; nothing without one. */
function earlierText(earlier: EarlierApproval | undefined): string {
  return earlier ? `✅ render ${earlier.render} approved by <@${earlier.by}> · ` : '';
}

/** The languages of a job in one line, or what it waits for before it has any. */
export function languagesLine(row: JobRow): string {
  if (row.job.state === 'picking') {
    const picked = row.job.picked?.dstLangs ?? [];
    return picked.length > 0
      ? `_not started yet: ${picked.map(languageLabel).join(', ')} picked — Start is on its card_`
      : '_not started yet: languages and Start are on its card_';
  }
  if (row.job.state === 'cancelled') return '_cancelled_';
  if (row.job.state === 'stopped') return '_stopped: no longer followed_';
  if (row.job.state === 'requested' || row.langs.length === 0) return '_starting_';
  return row.langs.map(languageStateText).join(' · ');
}
