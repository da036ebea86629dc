// The Store as one body of portable SQL over any Sql connection: each aggregate's queries, migrated to
// the current schema before first use.
import type { Store } from '../store.ts';
import { sqlApprovalStore } from './approvals.ts';
import { sqlEstimateStore } from './estimates.ts';
import { sqlGlossaryStore } from './glossaries.ts';
import { sqlJobStore } from './jobs.ts';
import { sqlLipsyncStore } from './lipsyncs.ts';
import { migrate } from './migrations.ts';
import { sqlModalStore } from './modals.ts';
import { sqlOutboxStore } from './outbox.ts';
import type { Sql } from './port.ts';
import { sqlQaSettingsStore } from './qa.ts';
import { sqlRedubStore } from './redubs.ts';
import { sqlReviewStore } from './reviews.ts';

export async function createSqlStore(sql: Sql): Promise<Store> {
  await migrate(sql);
  return {
    ...sqlJobStore(sql),
    ...sqlOutboxStore(sql),
    ...sqlReviewStore(sql),
    ...sqlGlossaryStore(sql),
    ...sqlLipsyncStore(sql),
    ...sqlModalStore(sql),
    ...sqlRedubStore(sql),
    ...sqlQaSettingsStore(sql),
    ...sqlApprovalStore(sql),
    ...sqlEstimateStore(sql),
    releaseLeases: () =>
      sql.transaction(async (tx) => {
        await tx.run('UPDATE jobs SET lease_until = 0 WHERE lease_until > 0');
        await tx.run('UPDATE targets SET lease_until = 0 WHERE lease_until > 0');
        await tx.run('UPDATE lipsyncs SET lease_until = 0 WHERE lease_until > 0');
        await tx.run('UPDATE glossary_imports SET lease_until = 0 WHERE lease_until > 0');
        await tx.run('UPDATE channels SET lease_until = 0 WHERE lease_until > 0');
      }),
    close: () => sql.close(),
  };
}
