// App Home's "Waiting for my approval": in every channel that names the person an approver (and that they
// are still in), each dubbed language whose current render waits for review — delivered, nobody approved it,
// nobody asked changes of it — newest job first.
import type { DubbingService } from '../../dubbing/service.ts';
import type { Store } from '../../store/store.ts';
import { type ChannelAccess, channelSeer } from '../account/service.ts';
import type { ApprovalService } from '../approval/service.ts';

/** Languages read per channel. */
const PER_CHANNEL = 50;

export interface AwaitingApproval {
  channel: string;
  title: string;
  lang: string;
  render: number;
}

export interface ApprovalQueue {
  /** The channels where the person is a named approver (none: the section is not shown). */
  channels: string[];
  waiting: AwaitingApproval[];
}

export async function approvalQueue(
  deps: {
    store: Store;
    service: Pick<DubbingService, 'describeStatus'>;
    access: ChannelAccess;
    approvals: Pick<ApprovalService, 'changesRequested'>;
  },
  userId: string,
): Promise<ApprovalQueue> {
  const { store } = deps;
  const sees = channelSeer(deps.access, userId);
  const channels = [];
  for (const channel of await store.channelsApprovedBy(userId))
    if (await sees(channel)) channels.push(channel);
  const waiting: AwaitingApproval[] = [];
  for (const channel of channels) {
    for (const { jobId, targetId } of await store.unapprovedIn(channel, PER_CHANNEL)) {
      const [job, target] = await Promise.all([store.getJob(jobId), store.getTarget(targetId)]);
      // Ended is not delivered: a failed or stopped language has no render to review.
      if (!job || !target || target.stoppedBy !== null) continue;
      if (deps.service.describeStatus(target.status ?? '').failed) continue;
      if ((await deps.approvals.changesRequested([target])).size > 0) continue;
      waiting.push({ channel, title: job.title, lang: target.dstLang, render: target.attempt });
    }
  }
  return { channels, waiting };
}
