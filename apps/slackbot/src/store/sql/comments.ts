// Comments on lines and the segments' stable numbers, in SQL.
import type { CommentStore, SegmentComment } from '../comments.ts';
import { placeholders, type Row, read, type Sql } from './port.ts';

function toComment(row: Row): SegmentComment {
  const resolved = row.resolved_in;
  return {
    id: read.str(row.id),
    targetId: read.str(row.target_id),
    segmentId: read.str(row.segment_id),
    number: read.num(row.number),
    userId: read.str(row.user_id),
    text: read.str(row.text),
    render: read.num(row.render),
    at: read.num(row.at),
    resolvedIn: resolved === null || resolved === undefined ? null : read.num(resolved),
    resolvedBy: read.strOrNull(row.resolved_by),
  };
}

export function sqlCommentStore(sql: Sql, tenant: string): CommentStore {
  return {
    segmentNumbers: (targetId, segmentIds) =>
      sql.transaction(async (tx) => {
        const rows = await tx.all(
          'SELECT segment_id, number FROM segment_numbers WHERE tenant = ? AND target_id = ?',
          [tenant, targetId],
        );
        const numbers = new Map(rows.map((row) => [read.str(row.segment_id), read.num(row.number)]));
        let next = Math.max(0, ...numbers.values());
        for (const id of segmentIds) {
          if (numbers.has(id)) continue;
          next += 1;
          numbers.set(id, next);
          await tx.run(
            'INSERT INTO segment_numbers (tenant, target_id, segment_id, number) VALUES (?, ?, ?, ?)',
            [tenant, targetId, id, next],
          );
        }
        return numbers;
      }),
    async addComment(c) {
      await sql.run(
        `INSERT INTO segment_comments
           (tenant, id, target_id, segment_id, number, user_id, text, render, at, resolved_in, resolved_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          tenant,
          c.id,
          c.targetId,
          c.segmentId,
          c.number,
          c.userId,
          c.text,
          c.render,
          c.at,
          c.resolvedIn,
          c.resolvedBy,
        ],
      );
    },
    async commentsOf(targetId) {
      const rows = await sql.all(
        'SELECT * FROM segment_comments WHERE tenant = ? AND target_id = ? ORDER BY at, id',
        [tenant, targetId],
      );
      return rows.map(toComment);
    },
    async closeComments(targetId, ids, userId, render) {
      if (ids.length === 0) return 0;
      return await sql.run(
        `UPDATE segment_comments SET resolved_in = ?, resolved_by = ?
         WHERE tenant = ? AND target_id = ? AND resolved_in IS NULL AND id IN (${placeholders(ids)})`,
        [render, userId, tenant, targetId, ...ids],
      );
    },
    async resolveComments(targetId, segmentIds, render) {
      if (segmentIds.length === 0) return;
      await sql.run(
        `UPDATE segment_comments SET resolved_in = ? WHERE tenant = ? AND target_id = ? AND resolved_in IS NULL AND render < ?
         AND segment_id IN (${placeholders(segmentIds)})`,
        [render, tenant, targetId, render, ...segmentIds],
      );
    },
  };
}
