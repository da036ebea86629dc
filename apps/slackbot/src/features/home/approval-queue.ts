// App Home's "Waiting for my approval": in every channel that names the person an approver, or a user group
// they are in now (and that they are still in), each dubbed language whose current render waits for review — delivered, nobody approved it,
// nobody asked changes of it — newest job first.
import type { DubbingService } from '../../dubbing/service.ts';
import type { UserGroups } from '../../slack/usergroups.ts';
import type { ApprovalStore, ApproverStore, JobStore } from '../../store/store.ts';
import { type ChannelAccess, channelSeer } from '../account/service.ts';
import type { ApprovalService } from '../approval/service.ts';

/** Languages read per channel. */
const PER_CHANNEL = 50;

export interface AwaitingApproval {
  targetId: string;
  jobId: string;
  /** When the job was made: the queue is newest first across channels. */
  createdAt: number;
  channel: string;
  title: string;
  lang: string;
  /** The render that waits, as numbered for people (shownRender). */
  render: number;
}

export interface ApprovalQueue {
  /** The channels where the person is a named approver (none: the section is not shown). */
  channels: string[];
  waiting: AwaitingApproval[];
}

export async function approvalQueue(
  deps: {
    store: ApprovalStore & ApproverStore & JobStore;
    dubbing: Pick<DubbingService, 'describeStatus'>;
    access: ChannelAccess;
    approvals: Pick<ApprovalService, 'changesRequested' | 'renderNumbers'>;
    /** The workspace's user groups, with their members: a channel naming one the person is in counts. */
    groups?: UserGroups;
  },
  userId: string,
): Promise<ApprovalQueue> {
  const { store } = deps;
  const sees = channelSeer(deps.access, userId);
  const named = await store.channelsApprovedBy(userId);
  // Slack refusing the list (no usergroups:read) leaves the channels that name the person.
  const groups = (await deps.groups?.list(true)) ?? [];
  for (const group of groups.filter((g) => g.users?.includes(userId)))
    named.push(...(await store.channelsApprovedBy(group.id)));
  const channels = [];
  for (const channel of new Set(named)) if (await sees(channel)) channels.push(channel);
  const waiting: AwaitingApproval[] = [];
  for (const channel of channels) {
    for (const { jobId, targetId } of await store.unapprovedIn(channel, PER_CHANNEL)) {
      const [job, target] = await Promise.all([store.getJob(jobId), store.getTarget(targetId)]);
      // Ended is not delivered: a failed or stopped language has no render to review.
      if (!job || !target || target.stoppedBy !== null) continue;
      if (deps.dubbing.describeStatus(target.status ?? '').failed) continue;
      if ((await deps.approvals.changesRequested([target])).size > 0) continue;
      waiting.push({
        targetId: target.id,
        jobId: job.id,
        createdAt: job.createdAt,
        channel,
        title: job.title,
        lang: target.dstLang,
        render: (await deps.approvals.renderNumbers(target.id))(target.attempt),
      });
    }
  }
  waiting.sort((a, b) => b.createdAt - a.createdAt);
  return { channels, waiting };
}
