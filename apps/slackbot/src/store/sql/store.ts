// The Store as one body of portable SQL over any Sql connection: each aggregate's queries, the tenant a
// parameter of each, migrated to the current schema before first use.
import type { SecretsAtRest } from '../secrets.ts';
import type { LeasedTable, Store, Stores } from '../store.ts';
import { sqlApprovalStore } from './approvals.ts';
import { sqlApproverStore } from './approvers.ts';
import { sqlAssignmentStore } from './assignments.ts';
import { sqlAutopilotStore } from './autopilot.ts';
import { sqlCommentStore } from './comments.ts';
import { readCounts } from './counts.ts';
import { sqlDeferredRequestStore } from './deferred.ts';
import { sqlEstimateStore } from './estimates.ts';
import { sqlFormatSettingsStore } from './formats.ts';
import { sqlGlossaryStore } from './glossaries.ts';
import { sqlJobStore } from './jobs.ts';
import { sqlLipsyncStore } from './lipsyncs.ts';
import { migrate } from './migrations.ts';
import { sqlModalStore } from './modals.ts';
import { sqlOutboxStore } from './outbox.ts';
import { placeholders, type Sql } from './port.ts';
import { sqlQaSettingsStore } from './qa.ts';
import { sqlRedubStore } from './redubs.ts';
import { sqlReviewStore } from './reviews.ts';
import { sqlSweepStore } from './sweeps.ts';
import { TENANT_TABLES } from './tenant-migration.ts';
import { sqlWorkflowStepStore } from './workflow-steps.ts';

const LEASE_KEYS: Record<LeasedTable, string> = {
  jobs: 'id',
  targets: 'id',
  channels: 'channel',
  lipsyncs: 'id',
  glossary_imports: 'key',
  sweeps: 'name',
  workflow_steps: 'id',
};

/** The tenant of rows written before rows had one (migration 25). */
const UNOWNED = '';

/** One tenant's store over `sql`: every aggregate's queries bind `tenant`; `secrets` seal what is secret. */
export function tenantStore(sql: Sql, tenant: string, secrets?: SecretsAtRest): Store {
  if (tenant === UNOWNED) throw new Error('a tenant store needs the key of a workspace or org');
  return {
    ...sqlJobStore(sql, tenant),
    ...sqlOutboxStore(sql, tenant),
    ...sqlReviewStore(sql, tenant),
    ...sqlGlossaryStore(sql, tenant),
    ...sqlLipsyncStore(sql, tenant),
    ...sqlModalStore(sql, tenant),
    ...sqlRedubStore(sql, tenant),
    ...sqlQaSettingsStore(sql, tenant),
    ...sqlFormatSettingsStore(sql, tenant),
    ...sqlApprovalStore(sql, tenant),
    ...sqlApproverStore(sql, tenant),
    ...sqlAssignmentStore(sql, tenant),
    ...sqlEstimateStore(sql, tenant),
    ...sqlDeferredRequestStore(sql, tenant),
    ...sqlAutopilotStore(sql, tenant),
    ...sqlCommentStore(sql, tenant),
    ...sqlWorkflowStepStore(sql, tenant, secrets),
    ...sqlSweepStore(sql, tenant),
    async renewLeases(table, keys, owner, until, now) {
      if (keys.length === 0) return;
      await sql.run(
        `UPDATE ${table} SET lease_until = ? WHERE tenant = ? AND ${LEASE_KEYS[table]} IN (${placeholders(keys)})
         AND lease_owner = ? AND lease_until > ?`,
        [until, tenant, ...keys, owner, now],
      );
    },
  };
}

export async function createSqlStore(sql: Sql, secrets?: SecretsAtRest): Promise<Stores> {
  await migrate(sql);
  const tenants = new Map<string, Store>();
  return {
    tenant(key) {
      let store = tenants.get(key);
      if (!store) {
        store = tenantStore(sql, key, secrets);
        tenants.set(key, store);
      }
      return store;
    },
    adoptUnowned: (key) =>
      sql.transaction(async (tx) => {
        if (key === UNOWNED) throw new Error('rows are adopted by the key of a workspace or org');
        let adopted = 0;
        for (const table of TENANT_TABLES)
          adopted += await tx.run(`UPDATE ${table} SET tenant = ? WHERE tenant = ?`, [key, UNOWNED]);
        return adopted;
      }),
    releaseLeases: () =>
      sql.transaction(async (tx) => {
        for (const table of Object.keys(LEASE_KEYS))
          await tx.run(`UPDATE ${table} SET lease_until = 0 WHERE lease_until > 0`);
      }),
    async stats(now) {
      // Counts kept by triggers (counts.ts), and the oldest due write through the outbox's (state, not_before)
      // index: the writes not yet made, never the whole history.
      const counts = await readCounts(sql);
      const due = await sql.get(
        `SELECT MIN(updated_at) AS oldest FROM deliveries WHERE state IN ('pending', 'sending') AND not_before <= ?`,
        [now],
      );
      const jobsByState: Record<string, number> = {};
      // States no job is in are left out, as a count of the table would.
      for (const [name, n] of counts)
        if (name.startsWith('jobs:') && n > 0) jobsByState[name.slice('jobs:'.length)] = n;
      return {
        jobsByState,
        languagesPolled: counts.get('targets:polled') ?? 0,
        writesOpen: counts.get('deliveries:open') ?? 0,
        oldestDueAt: due?.oldest === null || due?.oldest === undefined ? null : Number(due.oldest),
      };
    },
    close: () => sql.close(),
  };
}
