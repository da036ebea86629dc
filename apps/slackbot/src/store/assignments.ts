// Who reviews each dubbed language: one assignment per language, the latest; the direct message it sends is
// recorded with it, in one step, so that an assignment is never without its message nor sent twice.
import type { Assignment } from '../domain/assignments.ts';
import type { DeliveryInput } from './outbox.ts';

export type { Assignment };

export interface AssignmentStore {
  /**
   * Records the assignment in place of the language's earlier one, and enqueues `deliveries` (the assignee's
   * direct message) with it; false, and nothing enqueued, when this assignment (its id) is already recorded.
   */
  recordAssignment(assignment: Assignment, deliveries: DeliveryInput[], now: number): Promise<boolean>;
  /** The assignment of each language named that has one. */
  assignmentsOf(targetIds: readonly string[]): Promise<Assignment[]>;
  /**
   * The languages assigned to `user` whose current render nobody has approved, the latest assignment first.
   */
  assignedTo(user: string, limit: number): Promise<Assignment[]>;
}
