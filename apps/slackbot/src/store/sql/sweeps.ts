// The tracker's list sweeps in SQL: one leased row paces them across replicas; the languages a sweep saw are
// recorded in statements of a few hundred ids each.
import { SWEEP_NAME, type SweepStore } from '../sweeps.ts';
import { toTarget } from './jobs.ts';
import { claimDue, placeholders, type Sql } from './port.ts';

/** Ids per statement: well under every engine's limit on parameters. */
const CHUNK = 500;

export function sqlSweepStore(sql: Sql, tenant: string): SweepStore {
  const chunks = (ids: readonly string[]) =>
    Array.from({ length: Math.ceil(ids.length / CHUNK) }, (_, i) => ids.slice(i * CHUNK, (i + 1) * CHUNK));
  return {
    async claimSweep(owner, now, leaseMs, everyMs) {
      // Each tenant sweeps its own account's list: its row is made the first time it sweeps.
      await sql.run('INSERT INTO sweeps (tenant, name) VALUES (?, ?) ON CONFLICT (tenant, name) DO NOTHING', [
        tenant,
        SWEEP_NAME,
      ]);
      const claimed = await sql.run(
        `UPDATE sweeps SET lease_owner = ?, lease_until = ?, next_at = ?
         WHERE tenant = ? AND name = ? AND lease_until < ? AND next_at <= ?`,
        [owner, now + leaseMs, now + everyMs, tenant, SWEEP_NAME, now, now],
      );
      return claimed === 1;
    },
    async releaseSweep(owner) {
      await sql.run('UPDATE sweeps SET lease_until = 0 WHERE tenant = ? AND name = ? AND lease_owner = ?', [
        tenant,
        SWEEP_NAME,
        owner,
      ]);
    },
    async trackedTargets(limit) {
      const rows = await sql.all(
        `SELECT * FROM targets WHERE tenant = ? AND terminal = FALSE AND project_id IS NOT NULL
         AND stopped_by IS NULL ORDER BY next_poll_at LIMIT ?`,
        [tenant, limit],
      );
      return rows.map(toTarget);
    },
    async claimTargets(ids, owner, now, leaseMs) {
      const claimed = [];
      for (const chunk of chunks(ids)) {
        const rows = await claimDue(sql, {
          table: 'targets',
          tenant,
          key: 'id',
          due: `id IN (${placeholders(chunk)}) AND terminal = FALSE AND project_id IS NOT NULL AND lease_until < ?`,
          params: [...chunk, now],
          order: 'next_poll_at',
          owner,
          now,
          leaseMs,
          limit: chunk.length,
        });
        claimed.push(...rows.map(toTarget));
      }
      return claimed;
    },
    async markSeen(ids, nextPollAt, now) {
      for (const chunk of chunks(ids)) {
        await sql.run(
          `UPDATE targets SET next_poll_at = ? WHERE tenant = ? AND id IN (${placeholders(chunk)})
           AND terminal = FALSE AND lease_until < ?`,
          [nextPollAt, tenant, ...chunk, now],
        );
      }
    },
  };
}
