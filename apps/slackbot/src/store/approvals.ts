// Who approved a dubbed language, and when. An approval belongs to one render (the target's attempt): a render
// after it starts a new attempt, which nobody has approved yet, so the approval no longer counts.
import type { Approval, ChangeRequest } from '../domain/approvals.ts';

export type { Approval, ChangeRequest };

export interface ApprovalStore {
  /**
   * Records an approval of the target's `attempt`; resolves to the approval in force for it: this one, or an
   * earlier one of the same attempt (the first approver is kept). An approval of an older attempt is replaced.
   */
  recordApproval(approval: Approval): Promise<Approval>;
  /**
   * Records that changes were asked of the target's `attempt`, withdrawing an approval of that attempt (the
   * latest word on a render stands); an approval recorded afterwards withdraws the request in turn.
   */
  recordChangeRequest(request: ChangeRequest): Promise<void>;
  /** The latest change request of each target named (of any attempt: compare with the target's own). */
  changeRequestsOf(targetIds: readonly string[]): Promise<ChangeRequest[]>;
  /** The latest approval of each target named (of any attempt: compare with the target's own). */
  approvalsOf(targetIds: readonly string[]): Promise<Approval[]>;
  /**
   * Languages of the channel's jobs whose project ended and whose current render nobody approved, newest job
   * first (failed ones included: the store does not read the service's statuses).
   */
  unapprovedIn(channel: string, limit: number): Promise<{ jobId: string; targetId: string }[]>;
}
