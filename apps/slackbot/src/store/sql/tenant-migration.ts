// Migration 28 (after every table it gives a tenant): every row belongs to a tenant (the workspace or org that installed the app). Each table gains
// `tenant`; a key that was unique only within one workspace (a channel's settings, an event id, a trigger, a
// glossary's name…) becomes unique per tenant, since a channel shared between two workspaces (Slack Connect)
// has one id in both; the indexes the claims and listings use lead with it. Rows from before have the tenant
// '' until the single workspace adopts them at start (Stores.adoptUnowned).
//
// PostgreSQL changes a key in place. SQLite cannot drop a key, so each re-keyed table is made again with its
// columns as the earlier migrations left them (rows, ids and the outbox's order of arrival copied); the
// triggers of the counts go with a dropped table and are made again (counts.ts).
import { countTriggers } from './counts.ts';
import type { Dialect } from './port.ts';

/** Tables whose keys are ids unique everywhere (random ids, Slack's view ids): they only gain the column. */
const ADDED = [
  'review_sessions',
  'glossaries',
  'lipsyncs',
  'modal_grants',
  'deferred_requests',
  'segment_comments',
];

interface Rekeyed {
  table: string;
  /** Every column as the table has it now (SQLite's new table), with the key columns NOT NULL. */
  columns: string[];
  /** The new key. */
  key: string;
  /** PostgreSQL's name of the key it replaces (its default name); none: the key stays. */
  replaces?: string;
}

const REKEYED: Rekeyed[] = [
  {
    table: 'events',
    columns: ['event_id TEXT NOT NULL', 'at BIGINT NOT NULL'],
    key: 'PRIMARY KEY (tenant, event_id)',
    replaces: 'events_pkey',
  },
  {
    table: 'jobs',
    columns: [
      'id TEXT PRIMARY KEY',
      'trigger_key TEXT NOT NULL',
      'state TEXT NOT NULL',
      'channel TEXT NOT NULL',
      'thread_ts TEXT',
      'user_id TEXT NOT NULL',
      'source TEXT NOT NULL',
      'title TEXT NOT NULL',
      'src_lang TEXT',
      'num_speakers INTEGER',
      'media_id TEXT',
      'media_error TEXT',
      'created_at BIGINT NOT NULL',
      'started_at BIGINT',
      'lease_owner TEXT',
      'lease_until BIGINT NOT NULL DEFAULT 0',
      'request TEXT',
      'start_failures INTEGER NOT NULL DEFAULT 0',
      'started_by TEXT',
      'stopped_by TEXT',
      'media_ready BOOLEAN NOT NULL DEFAULT FALSE',
      'media_seconds DOUBLE PRECISION',
      'picked TEXT',
      'autopilot TEXT',
      'autopilot_due BOOLEAN NOT NULL DEFAULT FALSE',
    ],
    key: 'UNIQUE (tenant, trigger_key)',
    replaces: 'jobs_trigger_key_key',
  },
  {
    // Its key stays; SQLite makes it again after jobs so that its reference names the new jobs table.
    table: 'targets',
    columns: [
      'id TEXT PRIMARY KEY',
      'job_id TEXT NOT NULL REFERENCES jobs(id)',
      'dst_lang TEXT NOT NULL',
      'attempt INTEGER NOT NULL DEFAULT 1',
      'project_id TEXT',
      'create_intent_at BIGINT',
      'status TEXT',
      'status_at BIGINT',
      'started_at BIGINT NOT NULL',
      'terminal BOOLEAN NOT NULL DEFAULT FALSE',
      'next_poll_at BIGINT NOT NULL',
      'interval_ms BIGINT NOT NULL',
      'lease_owner TEXT',
      'lease_until BIGINT NOT NULL DEFAULT 0',
      'position INTEGER NOT NULL DEFAULT 0',
      'stage_since BIGINT',
      'pace_sum DOUBLE PRECISION NOT NULL DEFAULT 0',
      'pace_count INTEGER NOT NULL DEFAULT 0',
      'stopped_by TEXT',
    ],
    key: 'UNIQUE (job_id, dst_lang)',
  },
  {
    table: 'deliveries',
    columns: [
      'seq INTEGER PRIMARY KEY AUTOINCREMENT',
      'key TEXT NOT NULL',
      'job_id TEXT NOT NULL',
      'kind TEXT NOT NULL',
      'in_thread BOOLEAN NOT NULL',
      'payload TEXT NOT NULL',
      'sent_payload TEXT',
      'state TEXT NOT NULL',
      'ts TEXT',
      'attempts INTEGER NOT NULL DEFAULT 0',
      'version INTEGER NOT NULL DEFAULT 1',
      'not_before BIGINT NOT NULL DEFAULT 0',
      'uncertain BOOLEAN NOT NULL DEFAULT FALSE',
      'lease_owner TEXT',
      'lease_until BIGINT NOT NULL DEFAULT 0',
      'updated_at BIGINT NOT NULL',
      'channel TEXT',
      'thread_ts TEXT',
      'standalone BOOLEAN NOT NULL DEFAULT FALSE',
      'failures INTEGER NOT NULL DEFAULT 0',
      'uploaded_files TEXT',
    ],
    key: 'UNIQUE (tenant, key)',
    replaces: 'deliveries_key_key',
  },
  {
    table: 'channel_settings',
    columns: [
      'channel TEXT NOT NULL',
      'dst_langs TEXT NOT NULL',
      'glossary_ids TEXT NOT NULL',
      'updated_by TEXT NOT NULL',
      'updated_at BIGINT NOT NULL',
    ],
    key: 'PRIMARY KEY (tenant, channel)',
    replaces: 'channel_settings_pkey',
  },
  {
    table: 'channels',
    columns: [
      'channel TEXT NOT NULL',
      'lease_owner TEXT',
      'lease_until BIGINT NOT NULL DEFAULT 0',
      'next_write_at BIGINT NOT NULL DEFAULT 0',
      'due_at BIGINT NOT NULL DEFAULT 0',
      'enqueued BIGINT NOT NULL DEFAULT 0',
      'claimed_enqueued BIGINT NOT NULL DEFAULT 0',
    ],
    key: 'PRIMARY KEY (tenant, channel)',
    replaces: 'channels_pkey',
  },
  {
    table: 'glossary_imports',
    columns: [
      'key TEXT NOT NULL',
      'channel TEXT NOT NULL',
      'thread_ts TEXT',
      'url TEXT NOT NULL',
      'file_name TEXT NOT NULL',
      'name TEXT NOT NULL',
      'src_lang TEXT',
      'dst_lang TEXT',
      'user_id TEXT NOT NULL',
      'make_default BOOLEAN NOT NULL',
      'state TEXT NOT NULL',
      'failures INTEGER NOT NULL DEFAULT 0',
      'next_try_at BIGINT NOT NULL',
      'lease_owner TEXT',
      'lease_until BIGINT NOT NULL DEFAULT 0',
      'created_at BIGINT NOT NULL',
      'offer_id TEXT',
    ],
    key: 'PRIMARY KEY (tenant, key)',
    replaces: 'glossary_imports_pkey',
  },
  {
    table: 'channel_qa',
    columns: [
      'channel TEXT NOT NULL',
      'enabled BOOLEAN NOT NULL',
      'preset TEXT NOT NULL',
      'updated_by TEXT NOT NULL',
      'updated_at BIGINT NOT NULL',
    ],
    key: 'PRIMARY KEY (tenant, channel)',
    replaces: 'channel_qa_pkey',
  },
  {
    table: 'channel_formats',
    columns: [
      'channel TEXT NOT NULL',
      'formats TEXT NOT NULL',
      'updated_by TEXT NOT NULL',
      'updated_at BIGINT NOT NULL',
    ],
    key: 'PRIMARY KEY (tenant, channel)',
    replaces: 'channel_formats_pkey',
  },
  {
    table: 'channel_approvers',
    columns: [
      'channel TEXT NOT NULL',
      'user_id TEXT NOT NULL',
      'position INTEGER NOT NULL',
      'updated_by TEXT NOT NULL',
      'updated_at BIGINT NOT NULL',
    ],
    key: 'PRIMARY KEY (tenant, channel, user_id)',
    replaces: 'channel_approvers_pkey',
  },
  {
    // What the tracker learned of the service's stages is learned per tenant: each has its own account.
    table: 'stage_estimates',
    columns: [
      'status TEXT NOT NULL',
      'n DOUBLE PRECISION NOT NULL',
      'sum_x DOUBLE PRECISION NOT NULL',
      'sum_y DOUBLE PRECISION NOT NULL',
      'sum_xx DOUBLE PRECISION NOT NULL',
      'sum_xy DOUBLE PRECISION NOT NULL',
      'residual_n DOUBLE PRECISION NOT NULL',
      'residual_sum DOUBLE PRECISION NOT NULL',
      'residual_squares DOUBLE PRECISION NOT NULL',
      'paced_n DOUBLE PRECISION NOT NULL',
      'paced_sum DOUBLE PRECISION NOT NULL',
      'paced_squares DOUBLE PRECISION NOT NULL',
    ],
    key: 'PRIMARY KEY (tenant, status)',
    replaces: 'stage_estimates_pkey',
  },
  {
    table: 'termbase_offers',
    columns: [
      'id TEXT PRIMARY KEY',
      'import_key TEXT NOT NULL',
      'channel TEXT NOT NULL',
      'thread_ts TEXT',
      'user_id TEXT NOT NULL',
      'file_name TEXT NOT NULL',
      'name TEXT NOT NULL',
      'make_default BOOLEAN NOT NULL',
      'file TEXT NOT NULL',
      'languages TEXT NOT NULL',
      'source INTEGER NOT NULL',
      'chosen TEXT',
      'created_at BIGINT NOT NULL',
    ],
    key: 'UNIQUE (tenant, import_key)',
    replaces: 'termbase_offers_import_key_key',
  },
  {
    table: 'channel_autopilot',
    columns: [
      'channel TEXT NOT NULL',
      'dst_langs TEXT NOT NULL',
      'cap_minutes INTEGER NOT NULL',
      'period TEXT NOT NULL',
      'mode TEXT NOT NULL',
      'updated_by TEXT NOT NULL',
      'updated_at BIGINT NOT NULL',
    ],
    key: 'PRIMARY KEY (tenant, channel)',
    replaces: 'channel_autopilot_pkey',
  },
  {
    // A channel's minutes are counted against its own workspace's cap (the same channel id in a Slack
    // Connect channel is two channels, one per workspace).
    table: 'autopilot_usage',
    columns: ['channel TEXT NOT NULL', 'period_start BIGINT NOT NULL', 'used INTEGER NOT NULL'],
    key: 'PRIMARY KEY (tenant, channel, period_start)',
    replaces: 'autopilot_usage_pkey',
  },
  // Keyed by a job's or a language's id: per tenant too, so that an id named by another tenant (a forged
  // payload) never takes the key of the tenant whose it is.
  {
    table: 'target_options',
    columns: ['job_id TEXT NOT NULL', 'dst_lang TEXT NOT NULL', 'glossary_id TEXT', 'transcript_id TEXT'],
    key: 'PRIMARY KEY (tenant, job_id, dst_lang)',
    replaces: 'target_options_pkey',
  },
  {
    table: 'job_subtitles',
    columns: [
      'job_id TEXT NOT NULL',
      'name TEXT NOT NULL',
      'side TEXT NOT NULL',
      'lang TEXT',
      'text TEXT NOT NULL',
      'position INTEGER NOT NULL DEFAULT 0',
    ],
    key: 'PRIMARY KEY (tenant, job_id, name)',
    replaces: 'job_subtitles_pkey',
  },
  {
    table: 'render_intents',
    columns: ['target_id TEXT NOT NULL', 'user_id TEXT NOT NULL', 'at BIGINT NOT NULL'],
    key: 'PRIMARY KEY (tenant, target_id)',
    replaces: 'render_intents_pkey',
  },
  {
    table: 'redub_changes',
    columns: [
      'target_id TEXT NOT NULL',
      'kind TEXT NOT NULL',
      'ref TEXT NOT NULL',
      'at BIGINT NOT NULL',
      'was TEXT',
    ],
    key: 'PRIMARY KEY (tenant, target_id, kind, ref)',
    replaces: 'redub_changes_pkey',
  },
  {
    table: 'approvals',
    columns: [
      'target_id TEXT NOT NULL',
      'attempt INTEGER NOT NULL',
      'user_id TEXT NOT NULL',
      'approved_at BIGINT NOT NULL',
    ],
    key: 'PRIMARY KEY (tenant, target_id)',
    replaces: 'approvals_pkey',
  },
  {
    table: 'change_requests',
    columns: [
      'target_id TEXT NOT NULL',
      'attempt INTEGER NOT NULL',
      'user_id TEXT NOT NULL',
      'reason TEXT NOT NULL',
      'requested_at BIGINT NOT NULL',
    ],
    key: 'PRIMARY KEY (tenant, target_id)',
    replaces: 'change_requests_pkey',
  },
  {
    table: 'assignments',
    columns: [
      'target_id TEXT NOT NULL',
      'assignment_id TEXT NOT NULL',
      'job_id TEXT NOT NULL',
      'assignee TEXT NOT NULL',
      'assigned_by TEXT NOT NULL',
      'assigned_at BIGINT NOT NULL',
      'thread_link TEXT NOT NULL',
    ],
    key: 'PRIMARY KEY (tenant, target_id)',
    replaces: 'assignments_pkey',
  },
  {
    // Slack's execution ids: per tenant, so that a run named in another tenant is its own.
    table: 'workflow_steps',
    columns: [
      'id TEXT NOT NULL',
      'callback_id TEXT NOT NULL',
      'token TEXT NOT NULL',
      'job_id TEXT',
      'inputs TEXT NOT NULL',
      'problem TEXT',
      'state TEXT NOT NULL',
      'created_at BIGINT NOT NULL',
      'ended_at BIGINT',
      'next_check_at BIGINT NOT NULL',
      'failures INTEGER NOT NULL DEFAULT 0',
      'lease_owner TEXT',
      'lease_until BIGINT NOT NULL DEFAULT 0',
    ],
    key: 'PRIMARY KEY (tenant, id)',
    replaces: 'workflow_steps_pkey',
  },
  {
    table: 'target_editors',
    columns: ['target_id TEXT NOT NULL', 'user_id TEXT NOT NULL', 'edited_at BIGINT NOT NULL'],
    key: 'PRIMARY KEY (tenant, target_id)',
    replaces: 'target_editors_pkey',
  },
  {
    // A number is unique per language of a tenant (an index made after the table, below).
    table: 'segment_numbers',
    columns: ['target_id TEXT NOT NULL', 'segment_id TEXT NOT NULL', 'number INTEGER NOT NULL'],
    key: 'PRIMARY KEY (tenant, target_id, segment_id)',
    replaces: 'segment_numbers_pkey',
  },
  {
    // Each tenant sweeps its own account's project list, paced by its own row.
    table: 'sweeps',
    columns: [
      'name TEXT NOT NULL',
      'lease_owner TEXT',
      'lease_until BIGINT NOT NULL DEFAULT 0',
      'next_at BIGINT NOT NULL DEFAULT 0',
    ],
    key: 'PRIMARY KEY (tenant, name)',
    replaces: 'sweeps_pkey',
  },
];

/** Every table that holds a tenant's rows (the adoption of rows from before walks them all). */
export const TENANT_TABLES = [...REKEYED.map((r) => r.table), ...ADDED];

/** The indexes of the claims and listings, now leading with the tenant (name → columns). */
const INDEXES: Record<string, string> = {
  jobs_starting: 'jobs (tenant, state, lease_until)',
  jobs_user: 'jobs (tenant, user_id, created_at)',
  jobs_thread: 'jobs (tenant, channel, thread_ts)',
  jobs_created: 'jobs (tenant, created_at)',
  targets_due: 'targets (tenant, terminal, next_poll_at)',
  deliveries_channel: 'deliveries (tenant, channel, state, not_before)',
  channels_due: 'channels (tenant, due_at)',
  lipsyncs_due: 'lipsyncs (tenant, state, next_poll_at)',
  glossary_imports_due: 'glossary_imports (tenant, state, next_try_at)',
  deferred_requests_due: 'deferred_requests (tenant, not_before)',
  assignments_assignee: 'assignments (tenant, assignee, assigned_at)',
  channel_approvers_user: 'channel_approvers (tenant, user_id)',
  workflow_steps_due: 'workflow_steps (tenant, state, next_check_at)',
  workflow_steps_job: 'workflow_steps (tenant, job_id)',
};

/** Indexes of re-keyed tables that keep their columns (SQLite drops them with the table). */
const KEPT_INDEXES: Record<string, string> = {
  deliveries_due: 'deliveries (state, not_before)',
  deliveries_job: 'deliveries (job_id)',
  termbase_offers_made: 'termbase_offers (created_at)',
};

const COUNTED_TABLES = ['jobs', 'targets', 'deliveries'];

export function tenantMigration(dialect: Dialect): string[] {
  const statements: string[] = [];
  const column = "tenant TEXT NOT NULL DEFAULT ''";
  for (const table of ADDED) statements.push(`ALTER TABLE ${table} ADD COLUMN ${column}`);
  if (dialect.name === 'postgres') {
    for (const { table, key, replaces } of REKEYED) {
      statements.push(`ALTER TABLE ${table} ADD COLUMN ${column}`);
      if (replaces) statements.push(`ALTER TABLE ${table} DROP CONSTRAINT ${replaces}, ADD ${key}`);
    }
    statements.push('ALTER TABLE segment_numbers DROP CONSTRAINT segment_numbers_target_id_number_key');
    // A row written without its tenant fails rather than belonging to no one.
    for (const table of TENANT_TABLES)
      statements.push(`ALTER TABLE ${table} ALTER COLUMN tenant DROP DEFAULT`);
  } else {
    // Every old table steps aside under another name first (SQLite points targets' reference at the renamed
    // jobs); the new tables are made and filled parents first (targets' reference names the new jobs), and
    // the old ones dropped children first, so that no row ever misses its job: the connection enforces
    // foreign keys, and a transaction cannot turn that off. The counts' triggers go with the old tables and
    // are made again once the rows are in (a drop fires none).
    for (const { table } of REKEYED) statements.push(`ALTER TABLE ${table} RENAME TO ${table}_untenanted`);
    for (const { table, columns, key } of REKEYED) {
      const names = columns.map((c) => c.split(' ')[0]).join(', ');
      statements.push(
        `CREATE TABLE ${table} (${[...columns, 'tenant TEXT NOT NULL', key].join(', ')})`,
        `INSERT INTO ${table} (${names}, tenant) SELECT ${names}, '' FROM ${table}_untenanted`,
      );
    }
    for (const { table } of [...REKEYED].reverse()) statements.push(`DROP TABLE ${table}_untenanted`);
    for (const table of COUNTED_TABLES) statements.push(...countTriggers(dialect, table));
    for (const [name, on] of Object.entries(KEPT_INDEXES)) statements.push(`CREATE INDEX ${name} ON ${on}`);
  }
  for (const [name, on] of Object.entries(INDEXES))
    statements.push(`DROP INDEX IF EXISTS ${name}`, `CREATE INDEX ${name} ON ${on}`);
  statements.push(
    'CREATE UNIQUE INDEX segment_numbers_number ON segment_numbers (tenant, target_id, number)',
    'DROP INDEX IF EXISTS glossaries_name',
    'CREATE UNIQUE INDEX glossaries_name ON glossaries (tenant, lower(name))',
  );
  return statements;
}
