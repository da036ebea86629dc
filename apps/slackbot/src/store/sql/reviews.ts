// Review sessions and render intents in SQL.
import type { NewSegment, ReviewSegment, ReviewSession, ReviewStore, SegmentEdit } from '../reviews.ts';
import { newId } from './ids.ts';
import { type Row, read, type Sql } from './port.ts';

export function sqlReviewStore(sql: Sql, tenant: string): ReviewStore {
  const getReviewSession = async (id: string) => {
    const row = await sql.get('SELECT * FROM review_sessions WHERE tenant = ? AND id = ?', [tenant, id]);
    return row ? toReviewSession(row) : undefined;
  };
  return {
    async createReviewSession(input) {
      const id = newId();
      await sql.run(
        `INSERT INTO review_sessions (tenant, id, target_id, project_id, user_id, baseline, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          tenant,
          id,
          input.targetId,
          input.projectId,
          input.userId,
          JSON.stringify(input.baseline),
          input.createdAt,
        ],
      );
      return (await getReviewSession(id)) as ReviewSession;
    },
    getReviewSession,
    async updateReviewSession(id, change) {
      await sql.run(
        `UPDATE review_sessions SET view_id = coalesce(?, view_id), page = coalesce(?, page),
           edits = coalesce(?, edits), additions = coalesce(?, additions), baseline = coalesce(?, baseline)
         WHERE tenant = ? AND id = ?`,
        [
          change.viewId ?? null,
          change.page ?? null,
          change.edits ? JSON.stringify(change.edits) : null,
          change.additions ? JSON.stringify(change.additions) : null,
          change.baseline ? JSON.stringify(change.baseline) : null,
          tenant,
          id,
        ],
      );
    },
    async closeReviewSession(id) {
      return (
        (await sql.run(
          'UPDATE review_sessions SET closed = TRUE WHERE tenant = ? AND id = ? AND closed = FALSE',
          [tenant, id],
        )) === 1
      );
    },
    async recordEditor(targetId, userId, at) {
      await sql.run(
        `INSERT INTO target_editors (tenant, target_id, user_id, edited_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (tenant, target_id) DO UPDATE SET user_id = excluded.user_id, edited_at = excluded.edited_at
         WHERE target_editors.edited_at <= excluded.edited_at`,
        [tenant, targetId, userId, at],
      );
    },
    async lastEditorOf(targetId) {
      const row = await sql.get('SELECT user_id FROM target_editors WHERE tenant = ? AND target_id = ?', [
        tenant,
        targetId,
      ]);
      return row ? read.str(row.user_id) : undefined;
    },
    async recordRenderIntent(targetId, userId, now) {
      await sql.run(
        `INSERT INTO render_intents (tenant, target_id, user_id, at) VALUES (?, ?, ?, ?)
         ON CONFLICT (tenant, target_id) DO UPDATE SET user_id = excluded.user_id, at = excluded.at`,
        [tenant, targetId, userId, now],
      );
    },
    async clearRenderIntent(targetId) {
      await sql.run('DELETE FROM render_intents WHERE tenant = ? AND target_id = ?', [tenant, targetId]);
    },
    async renderIntents() {
      const rows = await sql.all('SELECT * FROM render_intents WHERE tenant = ? ORDER BY at, target_id', [
        tenant,
      ]);
      return rows.map((row) => ({
        targetId: read.str(row.target_id),
        userId: read.str(row.user_id),
        at: read.num(row.at),
      }));
    },
  };
}

function toReviewSession(row: Row): ReviewSession {
  return {
    id: read.str(row.id),
    targetId: read.str(row.target_id),
    projectId: read.str(row.project_id),
    userId: read.str(row.user_id),
    viewId: read.strOrNull(row.view_id),
    page: read.num(row.page),
    baseline: read.json<ReviewSegment[]>(row.baseline),
    edits: read.json<Record<string, SegmentEdit>>(row.edits),
    additions: read.json<NewSegment[]>(row.additions),
    createdAt: read.num(row.created_at),
    closed: read.bool(row.closed),
  };
}
