// App Home for one person: first the languages waiting for their approval in the channels that name them an
// approver, then the jobs in their channels that wait for them (a dubbed language waiting for review in
// someone else's job — in a channel that names approvers, only if they are one — changes requested in one of
// theirs), then their own jobs — started, approved or
// asked changes of — with each language's state; the account's credits (when the service answers) and the
// channel defaults they set. Every job and default is of a channel the person is in now: removed from a
// private channel, they no longer see what happens there, even in jobs they started.
import type { types } from '@slack/bolt';
import type { Logger } from 'pino';
import { type DubbingService, NoAccountError } from '../../dubbing/service.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { UserGroups } from '../../slack/usergroups.ts';
import type {
  ApprovalStore,
  ApproverStore,
  AssignmentStore,
  GlossaryStore,
  Job,
  JobStore,
} from '../../store/store.ts';
import { type JobRow, jobRows, type LanguageState } from '../account/job-rows.ts';
import { type ChannelAccess, channelSeer } from '../account/service.ts';
import type { ApprovalService } from '../approval/service.ts';
import { approvalQueue } from './approval-queue.ts';
import { assignedTo } from './assigned.ts';
import { homeView } from './blocks.ts';
import { changesOnMyWork } from './changes-requested.ts';

/** Recent jobs of every channel read for "Waiting for you", and the person's own jobs shown. */
const RECENT_READ = 50;
const OWN_SHOWN = 20;

export interface HomeServiceOptions {
  store: ApprovalStore & ApproverStore & AssignmentStore & GlossaryStore & JobStore;
  dubbing: DubbingService;
  logger: Logger;
  approvals: Pick<ApprovalService, 'current' | 'changesRequested' | 'earlier' | 'whoFixes' | 'renderNumbers'>;
  access: ChannelAccess;
  /** The workspace's user groups: a channel naming a group the person is in waits for them too. */
  groups?: UserGroups;
  /** Slack's link to a job's thread, for each item's Open thread. */
  slack: Pick<Interactions, 'permalink'>;
}

export class HomeService {
  readonly #o: HomeServiceOptions;

  constructor(options: HomeServiceOptions) {
    this.#o = options;
  }

  async view(userId: string): Promise<types.HomeView> {
    const { store, dubbing, logger } = this.#o;
    const credits = await dubbing.credits().catch((error: unknown) => {
      // A workspace with no account is told who connects one, not that the service did not answer.
      if (error instanceof NoAccountError) return { missing: error.message };
      logger.warn({ err: error }, 'reading the credits for Home failed');
      return null;
    });
    const rowsOf = (jobs: Parameters<typeof jobRows>[1]) =>
      jobRows({ dubbing, approvals: this.#o.approvals, targetsOf: (id) => store.targetsOf(id) }, jobs);
    const sees = channelSeer(this.#o.access, userId);
    const recent = [];
    for (const job of await store.jobsPage({ title: null, offset: 0, limit: RECENT_READ }))
      if (await sees(job.channel)) recent.push(job);
    const changesOnMine = await changesOnMyWork(
      { approvals: this.#o.approvals, targetsOf: (id) => store.targetsOf(id) },
      recent,
      userId,
    );
    const forMyApproval = await approvalQueue(this.#o, userId);
    const assigned = await assignedTo(
      {
        dubbing,
        approvals: this.#o.approvals,
        targetsOf: (id) => store.targetsOf(id),
        assignedTo: (user, limit) => store.assignedTo(user, limit),
        getJob: (id) => store.getJob(id),
        sees,
      },
      userId,
    );
    // Each language once, in the first group it belongs to: changes on my work, my approval, assigned to me,
    // then waiting for me.
    const listed = new Set<string>(changesOnMine.map((c) => c.target.id));
    forMyApproval.waiting = forMyApproval.waiting.filter((w) => !listed.has(w.targetId));
    for (const w of forMyApproval.waiting) listed.add(w.targetId);
    const assignedShown = assigned.filter((a) => !listed.has(a.assignment.targetId));
    for (const a of assignedShown) listed.add(a.assignment.targetId);
    const waitingRows = await this.#waitingFor(userId, rowsOf, recent);
    const waiting = waitingRows.flatMap(({ row, langs }) =>
      langs
        .filter((l) => !l.targetId || !listed.has(l.targetId))
        .map((language) => ({ job: row.job, language })),
    );
    // A job listed under Waiting for you is not listed again under the person's own.
    const waitingIds = new Set(waiting.map((w) => w.job.id));
    const ownJobs = [];
    for (const job of await store.jobsOfPerson(userId, OWN_SHOWN))
      if (!waitingIds.has(job.id) && (await sees(job.channel))) ownJobs.push(job);
    const own = await rowsOf(ownJobs);
    const defaults = [];
    for (const settings of await store.channelSettingsBy(userId)) {
      if (!(await sees(settings.channel))) continue;
      const glossaries = await Promise.all(settings.glossaryIds.map((id) => store.getGlossary(id)));
      defaults.push({
        channel: settings.channel,
        dstLangs: settings.dstLangs,
        glossaries: glossaries.map((g) => g?.name).filter((n): n is string => Boolean(n)),
      });
    }
    const jobsShown = [
      ...changesOnMine.map((c) => c.job),
      ...waiting.map((w) => w.job),
      ...ownJobs,
      ...(await Promise.all(forMyApproval.waiting.map((w) => store.getJob(w.jobId)))),
    ];
    const links = await this.#threadLinks(jobsShown);
    return homeView({
      waiting,
      own,
      credits,
      defaults,
      forMyApproval,
      assigned: assignedShown,
      changesOnMine,
      links,
    });
  }

  /**
   * Slack's link to each job's thread (asked once per job; a job whose thread is not open, or whose link Slack
   * would not give just now, has none and its item shows no link).
   */
  async #threadLinks(jobs: readonly (Job | undefined)[]): Promise<Map<string, string>> {
    const links = new Map<string, string>();
    for (const job of jobs) {
      if (!job?.threadTs || links.has(job.id)) continue;
      const found = await this.#o.slack.permalink(job.channel, job.threadTs).catch((error: unknown) => {
        this.#o.logger.warn({ err: error, job: job.id }, 'Slack gave no link to a job’s thread for Home');
        return undefined;
      });
      if (found) links.set(job.id, found);
    }
    return links;
  }

  /** Jobs of the person's channels with languages waiting for their word, newest first, and those languages. */
  async #waitingFor(
    userId: string,
    rowsOf: (jobs: Parameters<typeof jobRows>[1]) => Promise<JobRow[]>,
    jobs: Parameters<typeof jobRows>[1],
  ) {
    const approvers = new Map<string, Promise<string[]>>();
    // The user groups the person is in now: a channel naming one leaves its reviews to them too.
    const groups = (await this.#o.groups?.list(true)) ?? [];
    const mine = new Set(groups.filter((g) => g.users?.includes(userId)).map((g) => g.id));
    const waiting: { row: JobRow; langs: LanguageState[] }[] = [];
    for (const row of await rowsOf(jobs)) {
      const channel = row.job.channel;
      const asked = approvers.get(channel) ?? this.#o.store.channelApprovers(channel);
      approvers.set(channel, asked);
      const named = await asked;
      const reviews = named.length === 0 || named.some((id) => id === userId || mine.has(id));
      const langs = waitingLanguages(row, userId, reviews);
      if (langs.length > 0) waiting.push({ row, langs });
    }
    return waiting;
  }
}

/**
 * The job's languages that wait for the person: a reviewer's turn, someone else's dubbed language nobody
 * reviewed, when they may review in its channel (`reviews`: it names no approvers, or names them); the
 * starter's, changes asked of theirs.
 */
export function waitingLanguages(row: JobRow, userId: string, reviews = true): LanguageState[] {
  const own = row.job.userId === userId;
  return row.langs.filter((l) => (own ? l.state === 'changes' : reviews && l.state === 'dubbed'));
}
