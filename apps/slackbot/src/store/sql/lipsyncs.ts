// Lip-syncs in SQL: at most one under way per language, leased to one loop at a time.
import type { LipsyncState, LipsyncStore, LipsyncTask } from '../lipsyncs.ts';
import { newId } from './ids.ts';
import { claimDue, type Row, read, type Sql } from './port.ts';

export function sqlLipsyncStore(sql: Sql, tenant: string): LipsyncStore {
  return {
    createLipsync: (input, now) =>
      sql.transaction(async (tx) => {
        const active = await tx.get(
          `SELECT 1 AS hit FROM lipsyncs WHERE tenant = ? AND target_id = ? AND state IN ('checking', 'syncing')`,
          [tenant, input.targetId],
        );
        if (active) return undefined;
        const id = newId();
        await tx.run(
          `INSERT INTO lipsyncs (tenant, id, target_id, job_id, project_id, user_id, multiple_faces, free, state,
             started_at, next_poll_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'checking', ?, ?)`,
          [
            tenant,
            id,
            input.targetId,
            input.jobId,
            input.projectId,
            input.userId,
            input.multipleFaces,
            input.free,
            now,
            now,
          ],
        );
        return toLipsync(
          (await tx.get('SELECT * FROM lipsyncs WHERE tenant = ? AND id = ?', [tenant, id])) as Row,
        );
      }),
    async fullLipsyncDone(projectId) {
      // free = FALSE only: a task from before people chose (NULL) may have been a preview.
      return Boolean(
        await sql.get(
          `SELECT 1 AS hit FROM lipsyncs WHERE tenant = ? AND project_id = ? AND state = 'done' AND free = FALSE`,
          [tenant, projectId],
        ),
      );
    },
    async claimDueLipsyncs(owner, now, leaseMs, limit) {
      const rows = await claimDue(sql, {
        table: 'lipsyncs',
        tenant,
        key: 'id',
        due: `state IN ('checking', 'syncing') AND next_poll_at <= ? AND lease_until < ?`,
        params: [now, now],
        order: 'next_poll_at',
        owner,
        now,
        leaseMs,
        limit,
      });
      return rows.map(toLipsync);
    },
    async updateLipsync(id, change) {
      await sql.run(
        `UPDATE lipsyncs SET state = coalesce(?, state), progress = coalesce(?, progress), free = coalesce(?, free),
           face_check_asked = coalesce(?, face_check_asked), next_poll_at = coalesce(?, next_poll_at),
           lease_until = 0
         WHERE tenant = ? AND id = ?`,
        [
          change.state ?? null,
          change.progress ?? null,
          change.free ?? null,
          change.faceCheckAsked ?? null,
          change.nextPollAt ?? null,
          tenant,
          id,
        ],
      );
    },
  };
}

function toLipsync(row: Row): LipsyncTask {
  return {
    id: read.str(row.id),
    targetId: read.str(row.target_id),
    jobId: read.str(row.job_id),
    projectId: read.str(row.project_id),
    userId: read.str(row.user_id),
    multipleFaces: read.bool(row.multiple_faces),
    free: read.boolOrNull(row.free),
    faceCheckAsked: read.bool(row.face_check_asked),
    state: read.str(row.state) as LipsyncState,
    progress: read.num(row.progress),
    startedAt: read.num(row.started_at),
    nextPollAt: read.num(row.next_poll_at),
  };
}
