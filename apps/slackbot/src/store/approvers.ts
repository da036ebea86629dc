// A channel's named approvers (`/dub settings`): when a channel names any, only they may approve a dubbed
// language or ask changes of it there; a channel with none leaves that to anyone in it. Kept apart from the
// channel's defaults (glossaries.ts), like QA and formats: set from the same dialog, read by the approval.

export interface ChannelApprovers {
  channel: string;
  /** In the order they were picked; empty: anyone in the channel may approve. */
  userIds: string[];
  updatedBy: string;
  updatedAt: number;
}

export interface ApproverStore {
  /** The channel's approvers in the order picked; none when it names nobody. */
  channelApprovers(channel: string): Promise<string[]>;
  /** Replaces the channel's approvers whole (an empty list clears them). */
  saveChannelApprovers(approvers: ChannelApprovers): Promise<void>;
  /** The channels that name `userId` an approver. */
  channelsApprovedBy(userId: string): Promise<string[]>;
}
