// Who approved a dubbed language, and when. An approval belongs to one render (the target's attempt): a render
// after it starts a new attempt, which nobody has approved yet, so the approval no longer counts.
export interface Approval {
  targetId: string;
  /** The target's attempt that was approved. */
  attempt: number;
  userId: string;
  at: number;
}
