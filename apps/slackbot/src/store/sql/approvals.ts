// Approvals in SQL: one row per target, the latest attempt's.
import type { Approval, ApprovalStore, ChangeRequest } from '../approvals.ts';
import { placeholders, type Row, read, type Sql } from './port.ts';

function toApproval(row: Row): Approval {
  return {
    targetId: read.str(row.target_id),
    attempt: read.num(row.attempt),
    userId: read.str(row.user_id),
    at: read.num(row.approved_at),
  };
}

function toChangeRequest(row: Row): ChangeRequest {
  return {
    targetId: read.str(row.target_id),
    attempt: read.num(row.attempt),
    userId: read.str(row.user_id),
    reason: read.str(row.reason),
    at: read.num(row.requested_at),
  };
}

export function sqlApprovalStore(sql: Sql, tenant: string): ApprovalStore {
  return {
    recordApproval: (approval) =>
      sql.transaction(async (tx) => {
        // Same attempt: the first approver stays; an older attempt's approval gives way to this one.
        await tx.run(
          `INSERT INTO approvals (tenant, target_id, attempt, user_id, approved_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (tenant, target_id) DO UPDATE SET attempt = excluded.attempt, user_id = excluded.user_id,
             approved_at = excluded.approved_at
           WHERE approvals.attempt < excluded.attempt`,
          [tenant, approval.targetId, approval.attempt, approval.userId, approval.at],
        );
        const row = await tx.get('SELECT * FROM approvals WHERE tenant = ? AND target_id = ?', [
          tenant,
          approval.targetId,
        ]);
        const kept = toApproval(row!);
        if (kept.attempt === approval.attempt)
          await tx.run('DELETE FROM change_requests WHERE tenant = ? AND target_id = ? AND attempt <= ?', [
            tenant,
            approval.targetId,
            approval.attempt,
          ]);
        return kept;
      }),
    recordChangeRequest: (request) =>
      sql.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO change_requests (tenant, target_id, attempt, user_id, reason, requested_at)
             VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (tenant, target_id) DO UPDATE SET attempt = excluded.attempt, user_id = excluded.user_id,
             reason = excluded.reason, requested_at = excluded.requested_at
           WHERE change_requests.attempt <= excluded.attempt`,
          [tenant, request.targetId, request.attempt, request.userId, request.reason, request.at],
        );
        await tx.run('DELETE FROM approvals WHERE tenant = ? AND target_id = ? AND attempt = ?', [
          tenant,
          request.targetId,
          request.attempt,
        ]);
      }),
    async changeRequestsOf(targetIds) {
      if (targetIds.length === 0) return [];
      const rows = await sql.all(
        `SELECT * FROM change_requests WHERE tenant = ? AND target_id IN (${placeholders(targetIds)})`,
        [tenant, ...targetIds],
      );
      return rows.map(toChangeRequest);
    },
    async approvalsOf(targetIds) {
      if (targetIds.length === 0) return [];
      const rows = await sql.all(
        `SELECT * FROM approvals WHERE tenant = ? AND target_id IN (${placeholders(targetIds)})`,
        [tenant, ...targetIds],
      );
      return rows.map(toApproval);
    },
    async unapprovedIn(channel, limit) {
      const rows = await sql.all(
        `SELECT targets.job_id, targets.id FROM targets JOIN jobs ON jobs.id = targets.job_id
         LEFT JOIN approvals ON approvals.target_id = targets.id AND approvals.attempt = targets.attempt
         WHERE jobs.tenant = ? AND jobs.channel = ? AND targets.terminal = TRUE AND approvals.target_id IS NULL
         ORDER BY jobs.created_at DESC, targets.dst_lang LIMIT ?`,
        [tenant, channel, limit],
      );
      return rows.map((row) => ({ jobId: read.str(row.job_id), targetId: read.str(row.id) }));
    },
  };
}
