// Who approved a dubbed language, and when. An approval belongs to one render (the target's attempt): a render
// after it starts a new attempt, which nobody has approved yet, so the approval no longer counts.
export interface Approval {
  targetId: string;
  /** The target's attempt that was approved. */
  attempt: number;
  userId: string;
  at: number;
}

/** Someone asked for changes to one render of a language, and why. A render after it starts a new attempt. */
export interface ChangeRequest {
  targetId: string;
  /** The target's attempt the changes were asked of. */
  attempt: number;
  userId: string;
  reason: string;
  at: number;
}

/** A user group's id among a channel's approvers: Slack's `S…` (a person's is `U…` or `W…`). */
export const isGroupId = (id: string): boolean => /^S[A-Z0-9]{2,}$/.test(id);
