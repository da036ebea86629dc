// Kept requests (store/deferred.ts) in SQL: one row each, claimed by moving its due time past the run.
import type { DeferredRequestStore } from '../deferred.ts';
import { read, type Sql } from './port.ts';

export function sqlDeferredRequestStore(sql: Sql, tenant: string): DeferredRequestStore {
  return {
    async deferRequest(id, body, now) {
      await sql.run(
        'INSERT INTO deferred_requests (tenant, id, body, created_at, not_before, tries) VALUES (?, ?, ?, ?, ?, 0)',
        [tenant, id, JSON.stringify(body), now, now],
      );
    },

    async dueRequests(now, limit) {
      const rows = await sql.all(
        'SELECT * FROM deferred_requests WHERE tenant = ? AND not_before <= ? ORDER BY created_at LIMIT ?',
        [tenant, now, limit],
      );
      return rows.map((row) => ({
        id: read.str(row.id),
        body: read.json(row.body),
        tries: read.num(row.tries),
        createdAt: read.num(row.created_at),
      }));
    },

    async claimRequest(id, now, holdMs) {
      const claimed = await sql.get(
        'UPDATE deferred_requests SET not_before = ? WHERE tenant = ? AND id = ? AND not_before <= ? RETURNING id',
        [now + holdMs, tenant, id, now],
      );
      return claimed !== undefined;
    },

    async retryRequest(id, notBefore) {
      await sql.run(
        'UPDATE deferred_requests SET not_before = ?, tries = tries + 1 WHERE tenant = ? AND id = ?',
        [notBefore, tenant, id],
      );
    },

    async finishRequest(id) {
      await sql.run('DELETE FROM deferred_requests WHERE tenant = ? AND id = ?', [tenant, id]);
    },
  };
}
