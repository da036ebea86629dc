// The store's schema as numbered migrations, recorded in the database and applied at start, in order,
// each in its own transaction. The same list runs on every engine; a statement that engines spell
// differently asks the Dialect. Never edit a released migration: add the next one.

import { countsMigration } from './counts.ts';
import type { Dialect, Sql } from './port.ts';
import { tenantMigration } from './tenant-migration.ts';

export interface Migration {
  version: number;
  name: string;
  statements(dialect: Dialect): string[];
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'jobs, targets, outbox, reviews, glossaries, settings, lip-syncs',
    // IF NOT EXISTS: an install made before migrations were recorded has exactly these tables (its booleans
    // declared INTEGER, which SQLite stores alike), and adopts them as version 1 with its data.
    statements: (d) => [
      'CREATE TABLE IF NOT EXISTS events (event_id TEXT PRIMARY KEY, at BIGINT NOT NULL)',
      `CREATE TABLE IF NOT EXISTS jobs (
        id TEXT PRIMARY KEY, trigger_key TEXT NOT NULL UNIQUE, state TEXT NOT NULL, channel TEXT NOT NULL,
        thread_ts TEXT, user_id TEXT NOT NULL, source TEXT NOT NULL, title TEXT NOT NULL, src_lang TEXT,
        num_speakers INTEGER, media_id TEXT, media_error TEXT, created_at BIGINT NOT NULL, started_at BIGINT,
        lease_owner TEXT, lease_until BIGINT NOT NULL DEFAULT 0)`,
      'CREATE INDEX IF NOT EXISTS jobs_starting ON jobs (state, lease_until)',
      'CREATE INDEX IF NOT EXISTS jobs_user ON jobs (user_id, created_at)',
      'CREATE INDEX IF NOT EXISTS jobs_thread ON jobs (channel, thread_ts)',
      `CREATE TABLE IF NOT EXISTS targets (
        id TEXT PRIMARY KEY, job_id TEXT NOT NULL REFERENCES jobs(id), dst_lang TEXT NOT NULL,
        attempt INTEGER NOT NULL DEFAULT 1, project_id TEXT, create_intent_at BIGINT, status TEXT, status_at BIGINT,
        started_at BIGINT NOT NULL, terminal BOOLEAN NOT NULL DEFAULT FALSE, next_poll_at BIGINT NOT NULL,
        interval_ms BIGINT NOT NULL, lease_owner TEXT, lease_until BIGINT NOT NULL DEFAULT 0,
        UNIQUE (job_id, dst_lang))`,
      'CREATE INDEX IF NOT EXISTS targets_due ON targets (terminal, next_poll_at)',
      `CREATE TABLE IF NOT EXISTS deliveries (
        seq ${d.serialKey}, key TEXT NOT NULL UNIQUE, job_id TEXT NOT NULL, kind TEXT NOT NULL,
        in_thread BOOLEAN NOT NULL, payload TEXT NOT NULL, sent_payload TEXT, state TEXT NOT NULL, ts TEXT,
        attempts INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 1, not_before BIGINT NOT NULL DEFAULT 0,
        uncertain BOOLEAN NOT NULL DEFAULT FALSE, lease_owner TEXT, lease_until BIGINT NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL)`,
      'CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (state, not_before)',
      'CREATE INDEX IF NOT EXISTS deliveries_job ON deliveries (job_id)',
      `CREATE TABLE IF NOT EXISTS review_sessions (
        id TEXT PRIMARY KEY, target_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT NOT NULL, view_id TEXT,
        page INTEGER NOT NULL DEFAULT 0, baseline TEXT NOT NULL, edits TEXT NOT NULL DEFAULT '{}',
        created_at BIGINT NOT NULL, closed BOOLEAN NOT NULL DEFAULT FALSE)`,
      `CREATE TABLE IF NOT EXISTS glossaries (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, src_lang TEXT NOT NULL, dst_lang TEXT NOT NULL,
        version INTEGER NOT NULL, channel TEXT NOT NULL, created_by TEXT NOT NULL, updated_at BIGINT NOT NULL)`,
      'CREATE UNIQUE INDEX IF NOT EXISTS glossaries_name ON glossaries (lower(name))',
      `CREATE TABLE IF NOT EXISTS channel_settings (
        channel TEXT PRIMARY KEY, dst_langs TEXT NOT NULL, glossary_ids TEXT NOT NULL, updated_by TEXT NOT NULL,
        updated_at BIGINT NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS target_options (
        job_id TEXT NOT NULL, dst_lang TEXT NOT NULL, glossary_id TEXT, transcript_id TEXT,
        PRIMARY KEY (job_id, dst_lang))`,
      `CREATE TABLE IF NOT EXISTS lipsyncs (
        id TEXT PRIMARY KEY, target_id TEXT NOT NULL, job_id TEXT NOT NULL, project_id TEXT NOT NULL,
        user_id TEXT NOT NULL, multiple_faces BOOLEAN NOT NULL, free BOOLEAN,
        face_check_asked BOOLEAN NOT NULL DEFAULT FALSE, state TEXT NOT NULL, progress REAL NOT NULL DEFAULT 0,
        started_at BIGINT NOT NULL, next_poll_at BIGINT NOT NULL, lease_owner TEXT,
        lease_until BIGINT NOT NULL DEFAULT 0)`,
      'CREATE INDEX IF NOT EXISTS lipsyncs_due ON lipsyncs (state, next_poll_at)',
      `CREATE TABLE IF NOT EXISTS job_subtitles (
        job_id TEXT NOT NULL, name TEXT NOT NULL, side TEXT NOT NULL, lang TEXT, text TEXT NOT NULL,
        PRIMARY KEY (job_id, name))`,
      `CREATE TABLE IF NOT EXISTS render_intents (
        target_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, at BIGINT NOT NULL)`,
    ],
  },
  {
    version: 2,
    name: 'explicit order of a job’s languages and dropped subtitle files',
    // The order used to be SQLite's rowid, which no other engine has; existing rows keep theirs.
    statements: (d) => [
      'ALTER TABLE targets ADD COLUMN position INTEGER NOT NULL DEFAULT 0',
      'ALTER TABLE job_subtitles ADD COLUMN position INTEGER NOT NULL DEFAULT 0',
      ...(d.name === 'sqlite'
        ? [
            `UPDATE targets SET position = (
              SELECT count(*) FROM targets AS earlier WHERE earlier.job_id = targets.job_id AND earlier.rowid < targets.rowid)`,
            `UPDATE job_subtitles SET position = (
              SELECT count(*) FROM job_subtitles AS earlier
              WHERE earlier.job_id = job_subtitles.job_id AND earlier.rowid < job_subtitles.rowid)`,
          ]
        : []),
    ],
  },
  {
    version: 3,
    name: 'outbox by channel: one writer and one pace per channel; writes that belong to no job',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS channels (
        channel TEXT PRIMARY KEY, lease_owner TEXT, lease_until BIGINT NOT NULL DEFAULT 0,
        next_write_at BIGINT NOT NULL DEFAULT 0)`,
      'ALTER TABLE deliveries ADD COLUMN channel TEXT',
      'ALTER TABLE deliveries ADD COLUMN thread_ts TEXT',
      'ALTER TABLE deliveries ADD COLUMN standalone BOOLEAN NOT NULL DEFAULT FALSE',
      'ALTER TABLE deliveries ADD COLUMN failures INTEGER NOT NULL DEFAULT 0',
      'UPDATE deliveries SET channel = (SELECT jobs.channel FROM jobs WHERE jobs.id = deliveries.job_id)',
      `INSERT INTO channels (channel) SELECT DISTINCT channel FROM deliveries WHERE channel IS NOT NULL
        ON CONFLICT (channel) DO NOTHING`,
      'CREATE INDEX IF NOT EXISTS deliveries_channel ON deliveries (channel, state, not_before)',
    ],
  },
  {
    version: 4,
    name: 'slash commands recorded before they are answered; failed starts counted',
    statements: () => [
      'ALTER TABLE jobs ADD COLUMN request TEXT',
      'ALTER TABLE jobs ADD COLUMN start_failures INTEGER NOT NULL DEFAULT 0',
    ],
  },
  {
    version: 5,
    name: 'modal grants: who opened each modal, for which channel and subject',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS modal_grants (
        view_id TEXT PRIMARY KEY, opener TEXT NOT NULL, channel TEXT NOT NULL, thread_ts TEXT,
        callback_id TEXT NOT NULL, subject TEXT NOT NULL, created_at BIGINT NOT NULL)`,
      'CREATE INDEX IF NOT EXISTS modal_grants_age ON modal_grants (created_at)',
    ],
  },
  {
    version: 6,
    name: 'what changed on a language since its last render (the next one is charged for it); lines a review adds',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS redub_changes (
        target_id TEXT NOT NULL, kind TEXT NOT NULL, ref TEXT NOT NULL, at BIGINT NOT NULL,
        PRIMARY KEY (target_id, kind, ref))`,
      "ALTER TABLE review_sessions ADD COLUMN additions TEXT NOT NULL DEFAULT '[]'",
    ],
  },
  {
    version: 7,
    name: 'glossary imports recorded before they run',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS glossary_imports (
        key TEXT PRIMARY KEY, channel TEXT NOT NULL, thread_ts TEXT, url TEXT NOT NULL, file_name TEXT NOT NULL,
        name TEXT NOT NULL, src_lang TEXT, dst_lang TEXT, user_id TEXT NOT NULL, make_default BOOLEAN NOT NULL,
        state TEXT NOT NULL, failures INTEGER NOT NULL DEFAULT 0, next_try_at BIGINT NOT NULL,
        lease_owner TEXT, lease_until BIGINT NOT NULL DEFAULT 0, created_at BIGINT NOT NULL)`,
      'CREATE INDEX IF NOT EXISTS glossary_imports_due ON glossary_imports (state, next_try_at)',
    ],
  },
  {
    version: 8,
    name: "a channel's localization QA settings: on or off, and the style guide",
    statements: () => [
      `CREATE TABLE IF NOT EXISTS channel_qa (
        channel TEXT PRIMARY KEY, enabled BOOLEAN NOT NULL, preset TEXT NOT NULL, updated_by TEXT NOT NULL,
        updated_at BIGINT NOT NULL)`,
    ],
  },
  {
    version: 9,
    name: 'who approved each dubbed language, and for which render',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS approvals (
        target_id TEXT PRIMARY KEY, attempt INTEGER NOT NULL, user_id TEXT NOT NULL, approved_at BIGINT NOT NULL)`,
    ],
  },
  {
    version: 10,
    name: 'channels know when their earliest write is due, so a claim walks only channels with work',
    statements: () => [
      'ALTER TABLE channels ADD COLUMN due_at BIGINT NOT NULL DEFAULT 0',
      'ALTER TABLE channels ADD COLUMN enqueued BIGINT NOT NULL DEFAULT 0',
      'ALTER TABLE channels ADD COLUMN claimed_enqueued BIGINT NOT NULL DEFAULT 0',
      `UPDATE channels SET due_at = coalesce((
         SELECT min(CASE WHEN d.state = 'pending' AND d.not_before > d.updated_at THEN d.not_before ELSE d.updated_at END)
         FROM deliveries AS d WHERE d.channel = channels.channel AND d.state IN ('pending', 'sending')),
         ${Number.MAX_SAFE_INTEGER})`,
      'CREATE INDEX IF NOT EXISTS channels_due ON channels (due_at)',
    ],
  },
  {
    version: 11,
    name: 'what the tracker learned of how long each status lasts, and each project’s pace against it',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS stage_estimates (
        status TEXT PRIMARY KEY, n DOUBLE PRECISION NOT NULL, sum_x DOUBLE PRECISION NOT NULL,
        sum_y DOUBLE PRECISION NOT NULL, sum_xx DOUBLE PRECISION NOT NULL, sum_xy DOUBLE PRECISION NOT NULL,
        residual_n DOUBLE PRECISION NOT NULL, residual_sum DOUBLE PRECISION NOT NULL,
        residual_squares DOUBLE PRECISION NOT NULL, paced_n DOUBLE PRECISION NOT NULL,
        paced_sum DOUBLE PRECISION NOT NULL, paced_squares DOUBLE PRECISION NOT NULL)`,
      'ALTER TABLE targets ADD COLUMN stage_since BIGINT',
      'ALTER TABLE targets ADD COLUMN pace_sum DOUBLE PRECISION NOT NULL DEFAULT 0',
      'ALTER TABLE targets ADD COLUMN pace_count INTEGER NOT NULL DEFAULT 0',
    ],
  },
  {
    version: 12,
    name: 'who asked for changes to each dubbed language, why, and of which render',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS change_requests (
        target_id TEXT PRIMARY KEY, attempt INTEGER NOT NULL, user_id TEXT NOT NULL, reason TEXT NOT NULL,
        requested_at BIGINT NOT NULL)`,
    ],
  },
  {
    version: 13,
    name: 'the source text a fix replaced, to show beside the new one until the next render',
    statements: () => ['ALTER TABLE redub_changes ADD COLUMN was TEXT'],
  },
  {
    version: 14,
    name: "a channel's delivery formats: the subtitle files its dubbed replies attach",
    statements: () => [
      `CREATE TABLE IF NOT EXISTS channel_formats (
        channel TEXT PRIMARY KEY, formats TEXT NOT NULL, updated_by TEXT NOT NULL, updated_at BIGINT NOT NULL)`,
    ],
  },
  {
    version: 15,
    name: 'who pressed Start on each job (the card may be another member’s), and who stopped following it',
    statements: () => [
      'ALTER TABLE jobs ADD COLUMN started_by TEXT',
      'ALTER TABLE jobs ADD COLUMN stopped_by TEXT',
      'ALTER TABLE targets ADD COLUMN stopped_by TEXT',
    ],
  },
  {
    version: 16,
    name: "a channel's named approvers: when it names any, only they approve or ask changes there",
    statements: () => [
      `CREATE TABLE IF NOT EXISTS channel_approvers (
        channel TEXT NOT NULL, user_id TEXT NOT NULL, position INTEGER NOT NULL, updated_by TEXT NOT NULL,
        updated_at BIGINT NOT NULL, PRIMARY KEY (channel, user_id))`,
      'CREATE INDEX IF NOT EXISTS channel_approvers_user ON channel_approvers (user_id)',
    ],
  },
  {
    version: 17,
    name: 'who is asked to review each language, by whom and when, with the link to its thread',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS assignments (
        target_id TEXT PRIMARY KEY, assignment_id TEXT NOT NULL, job_id TEXT NOT NULL, assignee TEXT NOT NULL,
        assigned_by TEXT NOT NULL, assigned_at BIGINT NOT NULL, thread_link TEXT NOT NULL)`,
      'CREATE INDEX IF NOT EXISTS assignments_assignee ON assignments (assignee, assigned_at)',
    ],
  },
  {
    version: 18,
    name: 'the video as the service knows it once ready (its length), and what the card shows ticked while picking',
    statements: () => [
      'ALTER TABLE jobs ADD COLUMN media_ready BOOLEAN NOT NULL DEFAULT FALSE',
      'ALTER TABLE jobs ADD COLUMN media_seconds DOUBLE PRECISION',
      'ALTER TABLE jobs ADD COLUMN picked TEXT',
      // Media recorded before this version was waited for before it was recorded: it is ready.
      'UPDATE jobs SET media_ready = TRUE WHERE media_id IS NOT NULL',
    ],
  },
  {
    version: 19,
    name: 'a termbase with many languages kept while its glossaries are chosen, and the import they make',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS termbase_offers (
        id TEXT PRIMARY KEY, import_key TEXT NOT NULL UNIQUE, channel TEXT NOT NULL, thread_ts TEXT,
        user_id TEXT NOT NULL, file_name TEXT NOT NULL, name TEXT NOT NULL, make_default BOOLEAN NOT NULL,
        file TEXT NOT NULL, languages TEXT NOT NULL, source INTEGER NOT NULL, chosen TEXT,
        created_at BIGINT NOT NULL)`,
      'CREATE INDEX IF NOT EXISTS termbase_offers_made ON termbase_offers (created_at)',
      'ALTER TABLE glossary_imports ADD COLUMN offer_id TEXT',
    ],
  },
  {
    version: 20,
    name: 'the files a render reply uploaded before attaching them, reused by a retry',
    statements: () => ['ALTER TABLE deliveries ADD COLUMN uploaded_files TEXT'],
  },
  {
    version: 21,
    name: 'requests kept until Slack says whether their sender is in the channel',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS deferred_requests (
        id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at BIGINT NOT NULL, not_before BIGINT NOT NULL,
        tries INTEGER NOT NULL DEFAULT 0)`,
      'CREATE INDEX IF NOT EXISTS deferred_requests_due ON deferred_requests (not_before)',
    ],
  },
  {
    version: 22,
    name: 'counts of jobs by state, languages polled and writes not yet made, kept by triggers for /metrics',
    statements: countsMigration,
  },
  {
    version: 23,
    name: 'channels on autopilot: their languages, cap and mode, the minutes started per period, and each job’s mark',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS channel_autopilot (
        channel TEXT PRIMARY KEY, dst_langs TEXT NOT NULL, cap_minutes INTEGER NOT NULL, period TEXT NOT NULL,
        mode TEXT NOT NULL, updated_by TEXT NOT NULL, updated_at BIGINT NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS autopilot_usage (
        channel TEXT NOT NULL, period_start BIGINT NOT NULL, used INTEGER NOT NULL,
        PRIMARY KEY (channel, period_start))`,
      'ALTER TABLE jobs ADD COLUMN autopilot TEXT',
      'ALTER TABLE jobs ADD COLUMN autopilot_due BOOLEAN NOT NULL DEFAULT FALSE',
    ],
  },
  {
    version: 24,
    name: 'installations (one per workspace or org, tokens sealed), installers’ user tokens, used OAuth states',
    // `tenant` is the installation's key (its team id, or its enterprise id when installed org-wide), the
    // same column every tenant's table carries, so that purging a tenant (install/purge.ts) removes these too.
    statements: () => [
      `CREATE TABLE installations (
        tenant TEXT PRIMARY KEY, enterprise_id TEXT, team_id TEXT, org_install BOOLEAN NOT NULL,
        team_name TEXT NOT NULL DEFAULT '', app_id TEXT NOT NULL DEFAULT '', bot_user_id TEXT NOT NULL,
        bot_id TEXT NOT NULL DEFAULT '', installer_id TEXT NOT NULL DEFAULT '', scopes TEXT NOT NULL DEFAULT '',
        bot_token TEXT, refresh_token TEXT, expires_at BIGINT, token_version INTEGER NOT NULL DEFAULT 1,
        refresh_owner TEXT, refresh_until BIGINT NOT NULL DEFAULT 0, state TEXT NOT NULL,
        installed_at BIGINT NOT NULL, removed_at BIGINT, dubbing_token TEXT, dubbing_connected_by TEXT,
        dubbing_connected_at BIGINT)`,
      'CREATE INDEX installations_team ON installations (team_id)',
      'CREATE INDEX installations_removed ON installations (state, removed_at)',
      `CREATE TABLE user_tokens (
        tenant TEXT NOT NULL, user_id TEXT NOT NULL, token TEXT NOT NULL, refresh_token TEXT, expires_at BIGINT,
        PRIMARY KEY (tenant, user_id))`,
      'CREATE TABLE oauth_states (nonce TEXT PRIMARY KEY, expires_at BIGINT NOT NULL)',
    ],
  },
  {
    version: 25,
    name: 'runs of the "Dub a video" Workflow Builder step, keyed by their execution id, leased to one runner',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS workflow_steps (
        id TEXT PRIMARY KEY, callback_id TEXT NOT NULL, token TEXT NOT NULL, job_id TEXT, inputs TEXT NOT NULL,
        problem TEXT, state TEXT NOT NULL, created_at BIGINT NOT NULL, ended_at BIGINT,
        next_check_at BIGINT NOT NULL, failures INTEGER NOT NULL DEFAULT 0, lease_owner TEXT,
        lease_until BIGINT NOT NULL DEFAULT 0)`,
      'CREATE INDEX IF NOT EXISTS workflow_steps_due ON workflow_steps (state, next_check_at)',
      'CREATE INDEX IF NOT EXISTS workflow_steps_job ON workflow_steps (job_id)',
    ],
  },
  {
    version: 26,
    name: 'the review loop: who last edited each language, its segments’ stable numbers, comments on its lines',
    statements: () => [
      `CREATE TABLE IF NOT EXISTS target_editors (
        target_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, edited_at BIGINT NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS segment_numbers (
        target_id TEXT NOT NULL, segment_id TEXT NOT NULL, number INTEGER NOT NULL,
        PRIMARY KEY (target_id, segment_id), UNIQUE (target_id, number))`,
      `CREATE TABLE IF NOT EXISTS segment_comments (
        id TEXT PRIMARY KEY, target_id TEXT NOT NULL, segment_id TEXT NOT NULL, number INTEGER NOT NULL,
        user_id TEXT NOT NULL, text TEXT NOT NULL, render INTEGER NOT NULL, at BIGINT NOT NULL, resolved_in INTEGER,
        resolved_by TEXT)`,
      'CREATE INDEX IF NOT EXISTS segment_comments_target ON segment_comments (target_id, at)',
    ],
  },
  {
    version: 27,
    name: "the tracker's list sweep: a leased row per tenant (made at its first sweep) that paces sweeps of its project list across replicas",
    statements: () => [
      `CREATE TABLE IF NOT EXISTS sweeps (
        name TEXT PRIMARY KEY, lease_owner TEXT, lease_until BIGINT NOT NULL DEFAULT 0,
        next_at BIGINT NOT NULL DEFAULT 0)`,
    ],
  },
  {
    version: 28,
    name: 'every row belongs to a tenant (the workspace or org that installed the app), keys unique per tenant',
    statements: tenantMigration,
  },
  {
    version: 29,
    name: "a job's languages by their job (the card and the tracker read them for each status message)",
    statements: () => ['CREATE INDEX IF NOT EXISTS targets_job ON targets (tenant, job_id)'],
  },
];

/** The schema version this code expects. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

/** Applies every migration newer than the database's version; resolves to the versions applied. */
export async function migrate(sql: Sql, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  await sql.transaction(async (tx) => {
    if (tx.dialect.migrationLock) await tx.run(tx.dialect.migrationLock);
    await tx.run(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
    );
  });
  const applied: number[] = [];
  for (const migration of migrations) {
    const done = await sql.transaction(async (tx) => {
      if (tx.dialect.migrationLock) await tx.run(tx.dialect.migrationLock);
      // Checked inside the transaction: another process may have applied it meanwhile.
      if (await tx.get('SELECT 1 AS hit FROM schema_migrations WHERE version = ?', [migration.version]))
        return false;
      for (const statement of migration.statements(tx.dialect)) await tx.run(statement);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        Date.now(),
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}

/** The newest version recorded in the database (0 for none). */
export async function schemaVersion(sql: Sql): Promise<number> {
  const row = await sql.get('SELECT max(version) AS version FROM schema_migrations');
  return Number(row?.version ?? 0);
}
