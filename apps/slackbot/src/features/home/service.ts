// App Home for one person: first the languages waiting for their approval in the channels that name them an
// approver, then the jobs in their channels that wait for them (a dubbed language waiting for review in
// someone else's job — in a channel that names approvers, only if they are one — changes requested in one of
// theirs), then their own jobs — started, approved or
// asked changes of — with each language's state; the account's credits (when the service answers) and the
// channel defaults they set. Every job and default is of a channel the person is in now: removed from a
// private channel, they no longer see what happens there, even in jobs they started.
import type { types } from '@slack/bolt';
import type { Logger } from 'pino';
import type { DubbingService } from '../../dubbing/service.ts';
import type { UserGroups } from '../../slack/usergroups.ts';
import type {
  ApprovalStore,
  ApproverStore,
  AssignmentStore,
  GlossaryStore,
  JobStore,
} from '../../store/store.ts';
import { type JobRow, jobRows } from '../account/job-rows.ts';
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
  approvals: Pick<ApprovalService, 'current' | 'changesRequested' | 'earlier' | 'whoFixes'>;
  access: ChannelAccess;
  /** The workspace's user groups: a channel naming a group the person is in waits for them too. */
  groups?: UserGroups;
}

export class HomeService {
  readonly #o: HomeServiceOptions;

  constructor(options: HomeServiceOptions) {
    this.#o = options;
  }

  async view(userId: string): Promise<types.HomeView> {
    const { store, dubbing, logger } = this.#o;
    const credits = await dubbing.credits().catch((error: unknown) => {
      logger.warn({ err: error }, 'reading the credits for Home failed');
      return null;
    });
    const rowsOf = (jobs: Parameters<typeof jobRows>[1]) =>
      jobRows({ dubbing, approvals: this.#o.approvals, targetsOf: (id) => store.targetsOf(id) }, jobs);
    const sees = channelSeer(this.#o.access, userId);
    const recent = [];
    for (const job of await store.jobsPage({ title: null, offset: 0, limit: RECENT_READ }))
      if (await sees(job.channel)) recent.push(job);
    const waiting = await this.#waitingFor(userId, rowsOf, recent);
    const changesOnMine = await changesOnMyWork(
      { approvals: this.#o.approvals, targetsOf: (id) => store.targetsOf(id) },
      recent,
      userId,
    );
    const waitingIds = new Set(waiting.map((r) => r.job.id));
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
    return homeView({ waiting, own, credits, defaults, forMyApproval, assigned, changesOnMine });
  }

  /** Jobs of the person's channels with a language waiting for their word, newest first. */
  async #waitingFor(
    userId: string,
    rowsOf: (jobs: Parameters<typeof jobRows>[1]) => Promise<JobRow[]>,
    jobs: Parameters<typeof jobRows>[1],
  ) {
    const approvers = new Map<string, Promise<string[]>>();
    // The user groups the person is in now: a channel naming one leaves its reviews to them too.
    const groups = (await this.#o.groups?.list(true)) ?? [];
    const mine = new Set(groups.filter((g) => g.users?.includes(userId)).map((g) => g.id));
    const waiting = [];
    for (const row of await rowsOf(jobs)) {
      const channel = row.job.channel;
      const asked = approvers.get(channel) ?? this.#o.store.channelApprovers(channel);
      approvers.set(channel, asked);
      const named = await asked;
      const reviews = named.length === 0 || named.some((id) => id === userId || mine.has(id));
      if (waitsFor(row, userId, reviews)) waiting.push(row);
    }
    return waiting;
  }
}

/**
 * A reviewer's turn: someone else's dubbed language nobody reviewed, when they may review in its channel
 * (`reviews`: it names no approvers, or names them); the starter's: changes asked of theirs.
 */
export function waitsFor(row: JobRow, userId: string, reviews = true): boolean {
  const own = row.job.userId === userId;
  return row.langs.some((l) => (own ? l.state === 'changes' : reviews && l.state === 'dubbed'));
}
