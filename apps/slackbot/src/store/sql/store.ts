// The Store as one body of portable SQL over any Sql connection: each aggregate's queries, migrated to
// the current schema before first use.
import type { LeasedTable, Store } from '../store.ts';
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

export async function createSqlStore(sql: Sql): Promise<Store> {
  await migrate(sql);
  return {
    ...sqlJobStore(sql),
    ...sqlOutboxStore(sql),
    ...sqlReviewStore(sql),
    ...sqlCommentStore(sql),
    ...sqlGlossaryStore(sql),
    ...sqlLipsyncStore(sql),
    ...sqlModalStore(sql),
    ...sqlRedubStore(sql),
    ...sqlQaSettingsStore(sql),
    ...sqlFormatSettingsStore(sql),
    ...sqlApprovalStore(sql),
    ...sqlApproverStore(sql),
    ...sqlAssignmentStore(sql),
    ...sqlEstimateStore(sql),
    ...sqlDeferredRequestStore(sql),
    ...sqlAutopilotStore(sql),
    ...sqlWorkflowStepStore(sql),
    ...sqlSweepStore(sql),
    releaseLeases: () =>
      sql.transaction(async (tx) => {
        await tx.run('UPDATE jobs SET lease_until = 0 WHERE lease_until > 0');
        await tx.run('UPDATE targets SET lease_until = 0 WHERE lease_until > 0');
        await tx.run('UPDATE lipsyncs SET lease_until = 0 WHERE lease_until > 0');
        await tx.run('UPDATE glossary_imports SET lease_until = 0 WHERE lease_until > 0');
        await tx.run('UPDATE channels SET lease_until = 0 WHERE lease_until > 0');
        await tx.run('UPDATE workflow_steps SET lease_until = 0 WHERE lease_until > 0');
        await tx.run('UPDATE sweeps SET lease_until = 0 WHERE lease_until > 0');
      }),
    async renewLeases(table, keys, owner, until, now) {
      if (keys.length === 0) return;
      await sql.run(
        `UPDATE ${table} SET lease_until = ? WHERE ${LEASE_KEYS[table]} IN (${placeholders(keys)})
         AND lease_owner = ? AND lease_until > ?`,
        [until, ...keys, owner, now],
      );
    },
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
