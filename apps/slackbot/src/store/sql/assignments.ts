// Assignments in SQL: one row per target, the latest; recorded in one transaction with the direct message.
import type { Assignment, AssignmentStore } from '../assignments.ts';
import { enqueueDelivery } from './outbox.ts';
import { placeholders, type Row, read, type Sql } from './port.ts';

function toAssignment(row: Row): Assignment {
  return {
    id: read.str(row.assignment_id),
    targetId: read.str(row.target_id),
    jobId: read.str(row.job_id),
    assignee: read.str(row.assignee),
    assignedBy: read.str(row.assigned_by),
    at: read.num(row.assigned_at),
    threadLink: read.str(row.thread_link),
  };
}

export function sqlAssignmentStore(sql: Sql, tenant: string): AssignmentStore {
  return {
    recordAssignment: (assignment, deliveries, now) =>
      sql.transaction(async (tx) => {
        // The same assignment again (its dialog submitted twice) changes nothing and sends nothing.
        const written = await tx.get(
          `INSERT INTO assignments (tenant, target_id, assignment_id, job_id, assignee, assigned_by, assigned_at,
             thread_link) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (tenant, target_id) DO UPDATE SET assignment_id = excluded.assignment_id,
             job_id = excluded.job_id, assignee = excluded.assignee, assigned_by = excluded.assigned_by,
             assigned_at = excluded.assigned_at, thread_link = excluded.thread_link
           WHERE assignments.assignment_id <> excluded.assignment_id
           RETURNING target_id`,
          [
            tenant,
            assignment.targetId,
            assignment.id,
            assignment.jobId,
            assignment.assignee,
            assignment.assignedBy,
            assignment.at,
            assignment.threadLink,
          ],
        );
        if (!written) return false;
        for (const delivery of deliveries) await enqueueDelivery(tx, tenant, delivery, now);
        return true;
      }),
    async assignmentsOf(targetIds) {
      if (targetIds.length === 0) return [];
      const rows = await sql.all(
        `SELECT * FROM assignments WHERE tenant = ? AND target_id IN (${placeholders(targetIds)})`,
        [tenant, ...targetIds],
      );
      return rows.map(toAssignment);
    },
    async assignedTo(user, limit) {
      const rows = await sql.all(
        `SELECT assignments.* FROM assignments JOIN targets ON targets.id = assignments.target_id
         LEFT JOIN approvals ON approvals.target_id = targets.id AND approvals.attempt = targets.attempt
         WHERE assignments.tenant = ? AND assignments.assignee = ? AND approvals.target_id IS NULL
         ORDER BY assignments.assigned_at DESC, assignments.target_id LIMIT ?`,
        [tenant, user, limit],
      );
      return rows.map(toAssignment);
    },
  };
}
