// The one interface to the app's state, one part per aggregate: jobs and their languages, the outbox of
// Slack writes, reviews, glossaries and channel settings, lip-syncs. Everything that matters lives here and
// never only in memory. One body of portable SQL implements it (sql/), on SQLite (sqlite/); every
// implementation passes the contract suite (contract.ts).
//
// Every row belongs to a tenant (the workspace or org that installed the app). A Store is one tenant's: each
// of its queries binds that tenant, so nothing it returns, changes or counts is another's. What spans
// tenants is the operator's and lives on Stores, named so.
import type { ApprovalStore } from './approvals.ts';
import type { ApproverStore } from './approvers.ts';
import type { AssignmentStore } from './assignments.ts';
import type { AutopilotStore } from './autopilot.ts';
import type { CommentStore } from './comments.ts';
import type { DeferredRequestStore } from './deferred.ts';
import type { EstimateStore } from './estimates.ts';
import type { FormatSettingsStore } from './formats.ts';
import type { GlossaryStore } from './glossaries.ts';
import type { JobStore } from './jobs.ts';
import type { LipsyncStore } from './lipsyncs.ts';
import type { ModalStore } from './modals.ts';
import type { OutboxStore } from './outbox.ts';
import type { QaSettingsStore } from './qa.ts';
import type { RedubStore } from './redubs.ts';
import type { ReviewStore } from './reviews.ts';
import type { SweepStore } from './sweeps.ts';
import type { WorkflowStepStore } from './workflow-steps.ts';

export type * from './approvals.ts';
export type * from './approvers.ts';
export type * from './assignments.ts';
export type * from './autopilot.ts';
export type * from './comments.ts';
export type * from './estimates.ts';
export type * from './formats.ts';
export type * from './glossaries.ts';
export type * from './jobs.ts';
export type * from './lipsyncs.ts';
export type * from './modals.ts';
export type * from './outbox.ts';
export type * from './qa.ts';
export type * from './redubs.ts';
export type * from './reviews.ts';
export type * from './sweeps.ts';
export type * from './workflow-steps.ts';

/** The tables whose rows are leased to one worker at a time. */
export type LeasedTable =
  | 'jobs'
  | 'targets'
  | 'channels'
  | 'lipsyncs'
  | 'glossary_imports'
  | 'workflow_steps'
  | 'sweeps';

/** One tenant's store: every method reads, writes, counts and claims that tenant's rows only. */
export interface Store
  extends JobStore,
    OutboxStore,
    ReviewStore,
    GlossaryStore,
    LipsyncStore,
    ModalStore,
    RedubStore,
    QaSettingsStore,
    FormatSettingsStore,
    ApprovalStore,
    ApproverStore,
    AssignmentStore,
    CommentStore,
    EstimateStore,
    DeferredRequestStore,
    AutopilotStore,
    WorkflowStepStore,
    SweepStore {
  /**
   * Extends `owner`'s leases on `keys` of `table` until `until`, for work still in progress: a lease is short
   * (LEASE_MS) so that a dead replica's work passes to the others soon, and its live holder keeps it this
   * way. A lease that ended (released, or expired and taken by another) is left as it is.
   */
  renewLeases(
    table: LeasedTable,
    keys: readonly string[],
    owner: string,
    until: number,
    now: number,
  ): Promise<void>;
}

/** The database: each tenant's store, and what an operator does across tenants. */
export interface Stores {
  /** The store of the tenant `key` (a team id, or an org's enterprise id): made once, then reused. */
  tenant(key: string): Store;
  /**
   * Gives every row written before rows had tenants to `key`, the one workspace such a database served
   * (single-workspace mode adopts them at start); resolves to the rows adopted.
   */
  adoptUnowned(key: string): Promise<number>;
  /**
   * Across tenants: frees every lease at start-up, when this process is the only one using the store
   * (SQLite): work a crashed process held resumes at once; its interrupted Slack writes stay 'sending', and
   * are checked in Slack before they are redone.
   */
  releaseLeases(): Promise<void>;
  /** Across tenants: what an operator watches (the metrics read it on each scrape). */
  stats(now: number): Promise<StoreStats>;
  close(): Promise<void>;
}

export interface StoreStats {
  jobsByState: Record<string, number>;
  /** Languages whose project is polled (not finished). */
  languagesPolled: number;
  /** Slack writes not yet made (due now, or waiting for their time or their thread). */
  writesOpen: number;
  /** When the oldest write due now was enqueued or last changed (null: none). */
  oldestDueAt: number | null;
}
