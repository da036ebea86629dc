// What changed since a language's last render, in SQL: one row per change, the first time kept.
import type { RedubChange, RedubChangeKind, RedubStore } from '../redubs.ts';
import { read, type Sql } from './port.ts';

export function sqlRedubStore(sql: Sql, tenant: string): RedubStore {
  return {
    recordRedubChanges: (targetId, changes, now) =>
      sql.transaction(async (tx) => {
        for (const change of changes) {
          await tx.run(
            `INSERT INTO redub_changes (tenant, target_id, kind, ref, at, was) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (tenant, target_id, kind, ref) DO NOTHING`,
            [tenant, targetId, change.kind, change.ref, now, change.was ?? null],
          );
        }
      }),
    async redubChanges(targetId) {
      const rows = await sql.all(
        'SELECT kind, ref, at, was FROM redub_changes WHERE tenant = ? AND target_id = ? ORDER BY at, kind, ref',
        [tenant, targetId],
      );
      return rows.map(
        (row): RedubChange => ({
          kind: read.str(row.kind) as RedubChangeKind,
          ref: read.str(row.ref),
          at: read.num(row.at),
          ...(row.was == null ? {} : { was: read.str(row.was) }),
        }),
      );
    },
    async clearRedubChanges(targetId, upTo) {
      await sql.run('DELETE FROM redub_changes WHERE tenant = ? AND target_id = ? AND at <= ?', [
        tenant,
        targetId,
        upTo,
      ]);
    },
  };
}
