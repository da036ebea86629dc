// Jobs and their languages in SQL. A job is keyed by its trigger and a Slack event by its id, both unique,
// so that two deliveries of one event never open two jobs, whatever the interleaving.
import type { AutopilotMark } from '../autopilot.ts';
import type {
  Job,
  JobChoice,
  JobRequest,
  JobSource,
  JobState,
  JobStore,
  JobSubtitle,
  NewJob,
  PickedChoice,
  PollResult,
  Target,
} from '../jobs.ts';
import { newId } from './ids.ts';
import { enqueueDelivery } from './outbox.ts';
import { claimDue, placeholders, type Row, read, type Sql } from './port.ts';

/** A target not yet bound to a project is never due for a poll. */
const NEVER = Number.MAX_SAFE_INTEGER;

export function sqlJobStore(sql: Sql, tenant: string): JobStore {
  const getJob = async (db: Sql, id: string) => {
    const row = await db.get('SELECT * FROM jobs WHERE tenant = ? AND id = ?', [tenant, id]);
    return row ? toJob(row) : undefined;
  };
  const getTarget = async (db: Sql, id: string) => {
    const row = await db.get('SELECT * FROM targets WHERE tenant = ? AND id = ?', [tenant, id]);
    return row ? toTarget(row) : undefined;
  };
  /**
   * A poll's outcome on its target, unless the language was stopped meanwhile or, with `from`, its recorded
   * status is no longer the one the poll started from: rows changed (0 or 1).
   */
  const recordResult = (db: Sql, targetId: string, result: PollResult, now: number, from?: string | null) =>
    db.run(
      `UPDATE targets SET status = ?, status_at = CASE WHEN ? THEN ? ELSE status_at END, terminal = ?,
        next_poll_at = ?, interval_ms = ?, stage_since = coalesce(?, stage_since),
        pace_sum = coalesce(?, pace_sum), pace_count = coalesce(?, pace_count), lease_until = 0
       WHERE tenant = ? AND id = ? AND stopped_by IS NULL${from === undefined ? '' : " AND coalesce(status, '') = ?"}`,
      [
        result.status,
        result.changed,
        now,
        result.terminal,
        result.nextPollAt,
        result.intervalMs,
        result.stageSince ?? null,
        result.pace?.sum ?? null,
        result.pace?.count ?? null,
        tenant,
        targetId,
        ...(from === undefined ? [] : [from ?? '']),
      ],
    );
  const recordEvent = async (db: Sql, eventId: string, now: number) =>
    (await db.run(
      'INSERT INTO events (tenant, event_id, at) VALUES (?, ?, ?) ON CONFLICT (tenant, event_id) DO NOTHING',
      [tenant, eventId, now],
    )) === 1;
  const createJob = (input: NewJob, now: number) =>
    sql.transaction(async (tx) => {
      if (input.eventId !== undefined) await recordEvent(tx, input.eventId, now);
      const id = newId();
      const inserted = await tx.run(
        `INSERT INTO jobs (tenant, id, trigger_key, state, channel, thread_ts, user_id, source, title, src_lang,
           num_speakers, request, autopilot, autopilot_due, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant, trigger_key) DO NOTHING`,
        [
          tenant,
          id,
          input.triggerKey,
          input.request ? 'requested' : 'picking',
          input.channel,
          input.threadTs,
          input.userId,
          JSON.stringify(input.source),
          input.title,
          input.srcLang ?? null,
          input.numSpeakers ?? null,
          input.request ? JSON.stringify(input.request) : null,
          input.autopilot ? JSON.stringify(input.autopilot) : null,
          input.autopilot?.state === 'pending',
          now,
        ],
      );
      const row = await tx.get('SELECT * FROM jobs WHERE tenant = ? AND trigger_key = ?', [
        tenant,
        input.triggerKey,
      ]);
      return { job: toJob(row as Row), created: inserted === 1 };
    });

  return {
    recordEvent: (eventId, now) => recordEvent(sql, eventId, now),
    async hasEvent(eventId) {
      return (
        (await sql.get('SELECT 1 AS hit FROM events WHERE tenant = ? AND event_id = ?', [
          tenant,
          eventId,
        ])) !== undefined
      );
    },
    createJob,
    getJob: (id) => getJob(sql, id),
    async getJobs(ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await sql.all(`SELECT * FROM jobs WHERE tenant = ? AND id IN (${placeholders(unique)})`, [
        tenant,
        ...unique,
      ]);
      return new Map(rows.map((row) => [read.str(row.id), toJob(row)]));
    },
    async jobByTrigger(triggerKey) {
      const row = await sql.get('SELECT * FROM jobs WHERE tenant = ? AND trigger_key = ?', [
        tenant,
        triggerKey,
      ]);
      return row ? toJob(row) : undefined;
    },
    async jobByThread(channel, threadTs) {
      const row = await sql.get(
        'SELECT * FROM jobs WHERE tenant = ? AND channel = ? AND thread_ts = ? ORDER BY created_at LIMIT 1',
        [tenant, channel, threadTs],
      );
      return row ? toJob(row) : undefined;
    },
    async recentJobs(userId, limit) {
      const rows = await sql.all(
        `SELECT * FROM jobs WHERE tenant = ? AND user_id = ? AND state <> 'cancelled' ORDER BY created_at DESC LIMIT ?`,
        [tenant, userId, limit],
      );
      return rows.map(toJob);
    },
    async jobsOfPerson(userId, limit) {
      const rows = await sql.all(
        `SELECT * FROM jobs WHERE tenant = ? AND state <> 'cancelled' AND (user_id = ? OR id IN (
           SELECT targets.job_id FROM targets JOIN approvals ON approvals.target_id = targets.id
            WHERE approvals.tenant = ? AND approvals.user_id = ?
           UNION SELECT targets.job_id FROM targets JOIN change_requests ON change_requests.target_id = targets.id
            WHERE change_requests.tenant = ? AND change_requests.user_id = ?))
         ORDER BY created_at DESC LIMIT ?`,
        [tenant, userId, tenant, userId, tenant, userId, limit],
      );
      return rows.map(toJob);
    },
    async jobsPage({ title, offset, limit }) {
      // LIKE's own characters in the title are literal; LOWER on both sides, as PostgreSQL's LIKE minds case.
      const pattern = title === null ? null : `%${title.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
      const rows = await sql.all(
        `SELECT * FROM jobs WHERE tenant = ? AND state <> 'cancelled'${pattern === null ? '' : " AND LOWER(title) LIKE ? ESCAPE '\\'"}
         ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
        pattern === null ? [tenant, limit, offset] : [tenant, pattern, limit, offset],
      );
      return rows.map(toJob);
    },
    async setJobThread(jobId, threadTs) {
      await sql.run('UPDATE jobs SET thread_ts = ? WHERE tenant = ? AND id = ? AND thread_ts IS NULL', [
        threadTs,
        tenant,
        jobId,
      ]);
    },
    startJob: (jobId, choice, now, startedBy) =>
      sql.transaction((tx) => startIn(tx, tenant, jobId, choice, now, startedBy)),
    async cancelJob(jobId) {
      return (
        (await sql.run(
          `UPDATE jobs SET state = 'cancelled' WHERE tenant = ? AND id = ? AND state = 'picking'`,
          [tenant, jobId],
        )) === 1
      );
    },
    async reopenJob(jobId) {
      const changed = await sql.run(
        `UPDATE jobs SET state = 'picking' WHERE tenant = ? AND id = ? AND state = 'cancelled'`,
        [tenant, jobId],
      );
      return changed === 1 ? getJob(sql, jobId) : undefined;
    },
    stopJob: (jobId, userId) =>
      sql.transaction(async (tx) => {
        const changed = await tx.run(
          `UPDATE jobs SET state = 'stopped', stopped_by = ? WHERE tenant = ? AND id = ? AND state IN ('starting', 'running')
             AND EXISTS (SELECT 1 FROM targets WHERE targets.job_id = jobs.id AND targets.terminal = FALSE)`,
          [userId, tenant, jobId],
        );
        if (changed === 0) return undefined;
        const stopped = await tx.all(
          `UPDATE targets SET terminal = TRUE, next_poll_at = ?, stopped_by = ?
            WHERE tenant = ? AND job_id = ? AND terminal = FALSE RETURNING *`,
          [NEVER, userId, tenant, jobId],
        );
        return stopped.map(toTarget);
      }),
    async claimJobsToStart(owner, now, leaseMs, limit) {
      const rows = await claimDue(sql, {
        table: 'jobs',
        tenant,
        key: 'id',
        due: `(state IN ('requested', 'starting') OR state = 'picking' AND (media_ready = FALSE AND media_error IS NULL
          OR autopilot_due = TRUE))
          AND lease_until < ?`,
        params: [now],
        order: 'created_at',
        owner,
        now,
        leaseMs,
        limit,
      });
      return rows.map(toJob);
    },
    async releaseJob(jobId, owner, retryAt, failed = false) {
      await sql.run(
        `UPDATE jobs SET lease_until = ?, start_failures = CASE WHEN ? THEN start_failures + 1 ELSE 0 END
         WHERE tenant = ? AND id = ? AND lease_owner = ?`,
        [retryAt, failed, tenant, jobId, owner],
      );
    },
    async acceptRequest(jobId) {
      const rows = await sql.all(
        `UPDATE jobs SET state = 'picking', lease_until = 0 WHERE tenant = ? AND id = ? AND state = 'requested' RETURNING *`,
        [tenant, jobId],
      );
      return rows[0] ? toJob(rows[0]) : undefined;
    },
    async refuseRequest(jobId) {
      const changed = await sql.run(
        `UPDATE jobs SET state = 'cancelled', lease_until = 0 WHERE tenant = ? AND id = ? AND state = 'requested'`,
        [tenant, jobId],
      );
      return changed === 1;
    },
    async setJobMedia(jobId, mediaId) {
      await sql.run('UPDATE jobs SET media_id = ?, media_error = NULL WHERE tenant = ? AND id = ?', [
        mediaId,
        tenant,
        jobId,
      ]);
    },
    async setJobMediaReady(jobId, { seconds }) {
      await sql.run(
        'UPDATE jobs SET media_ready = TRUE, media_seconds = ?, media_error = NULL WHERE tenant = ? AND id = ?',
        [seconds, tenant, jobId],
      );
    },
    async retitleJob(jobId, title, previous) {
      return (
        (await sql.run('UPDATE jobs SET title = ? WHERE tenant = ? AND id = ? AND title = ?', [
          title,
          tenant,
          jobId,
          previous,
        ])) === 1
      );
    },
    async setPicking(jobId, picked, choice) {
      const rows = await sql.all(
        `UPDATE jobs SET picked = ?, src_lang = ?, num_speakers = ?
         WHERE tenant = ? AND id = ? AND state = 'picking' RETURNING *`,
        [JSON.stringify(picked), choice.srcLang, choice.numSpeakers, tenant, jobId],
      );
      return rows[0] ? toJob(rows[0]) : undefined;
    },
    async setJobMediaError(jobId, error) {
      await sql.run('UPDATE jobs SET media_error = ? WHERE tenant = ? AND id = ?', [error, tenant, jobId]);
    },
    async setJobRunning(jobId) {
      await sql.run(
        `UPDATE jobs SET state = 'running', lease_until = 0 WHERE tenant = ? AND id = ? AND state = 'starting'`,
        [tenant, jobId],
      );
    },
    async adoptProject(input, dstLang, projectId, now) {
      // The job is created first (its own transaction); one left without a target by a crash is completed.
      const { job } = await createJob(input, now);
      return sql.transaction(async (tx) => {
        if (await tx.get('SELECT 1 AS hit FROM targets WHERE tenant = ? AND job_id = ?', [tenant, job.id]))
          return undefined;
        await tx.run(`UPDATE jobs SET state = 'running', started_at = ? WHERE tenant = ? AND id = ?`, [
          now,
          tenant,
          job.id,
        ]);
        await tx.run(
          `INSERT INTO targets (tenant, id, job_id, dst_lang, position, project_id, started_at, next_poll_at, interval_ms)
             VALUES (?, ?, ?, ?, 0, ?, ?, ?, 0)`,
          [tenant, newId(), job.id, dstLang, projectId, now, now],
        );
        return getJob(tx, job.id);
      });
    },

    async targetsOf(jobId) {
      return (
        await sql.all('SELECT * FROM targets WHERE tenant = ? AND job_id = ? ORDER BY position, id', [
          tenant,
          jobId,
        ])
      ).map(toTarget);
    },
    getTarget: (id) => getTarget(sql, id),
    async targetOfProject(projectId) {
      const row = await sql.get('SELECT * FROM targets WHERE tenant = ? AND project_id = ?', [
        tenant,
        projectId,
      ]);
      return row ? toTarget(row) : undefined;
    },
    async markCreateIntent(targetId, now) {
      await sql.run('UPDATE targets SET create_intent_at = ? WHERE tenant = ? AND id = ?', [
        now,
        tenant,
        targetId,
      ]);
    },
    async setTargetProject(targetId, projectId, now) {
      await sql.run(
        `UPDATE targets SET project_id = ?, next_poll_at = CASE WHEN stopped_by IS NULL THEN CAST(? AS BIGINT) ELSE CAST(? AS BIGINT) END,
           interval_ms = 0, stage_since = NULL, pace_sum = 0, pace_count = 0, lease_until = 0
         WHERE tenant = ? AND id = ?`,
        [projectId, now, NEVER, tenant, targetId],
      );
    },
    async claimDueTargets(owner, now, leaseMs, limit, dueBy = now) {
      const rows = await claimDue(sql, {
        table: 'targets',
        tenant,
        key: 'id',
        due: 'terminal = FALSE AND project_id IS NOT NULL AND next_poll_at <= ? AND lease_until < ?',
        params: [dueBy, now],
        order: 'next_poll_at',
        owner,
        now,
        leaseMs,
        limit,
      });
      return rows.map(toTarget);
    },
    recordPoll(targetId, result, now, deliveries) {
      // Most polls find nothing new: one statement, no transaction around it. A language stopped while it
      // was polled keeps its stopped state and says nothing more.
      if (deliveries.length === 0) return recordResult(sql, targetId, result, now).then(() => {});
      return sql.transaction(async (tx) => {
        if ((await recordResult(tx, targetId, result, now)) === 0) return;
        for (const delivery of deliveries) await enqueueDelivery(tx, tenant, delivery, now);
      });
    },
    recordPolls(polls, owner, now) {
      if (polls.length === 0) return Promise.resolve([]);
      // One transaction for a whole sweep's changes: one commit (one sync of the log) instead of one each.
      return sql.transaction(async (tx) => {
        const recorded: string[] = [];
        for (const { targetId, result, deliveries, from } of polls) {
          if ((await recordResult(tx, targetId, result, now, from)) === 0) {
            await tx.run(
              'UPDATE targets SET lease_until = 0 WHERE tenant = ? AND id = ? AND lease_owner = ?',
              [tenant, targetId, owner],
            );
            continue;
          }
          for (const delivery of deliveries) await enqueueDelivery(tx, tenant, delivery, now);
          recorded.push(targetId);
        }
        return recorded;
      });
    },
    retryTarget: (targetId, now, retriedBy) =>
      sql.transaction(async (tx) => {
        const target = await getTarget(tx, targetId);
        if (!target?.terminal || target.status === 'merging_done') return undefined;
        await tx.run(
          `UPDATE targets SET attempt = attempt + 1, project_id = NULL, create_intent_at = NULL, status = NULL,
            status_at = NULL, started_at = ?, terminal = FALSE, next_poll_at = ?, interval_ms = 0, stage_since = NULL,
            pace_sum = 0, pace_count = 0, lease_until = 0, stopped_by = NULL WHERE tenant = ? AND id = ?`,
          [now, NEVER, tenant, targetId],
        );
        // The "Started again" line names who pressed Retry.
        await tx.run(
          `UPDATE jobs SET state = 'starting', lease_until = 0, started_by = coalesce(?, started_by)
           WHERE tenant = ? AND id = ?`,
          [retriedBy ?? null, tenant, target.jobId],
        );
        return getTarget(tx, targetId);
      }),
    async resumeTarget(targetId, status, now) {
      const changed = await sql.run(
        `UPDATE targets SET attempt = attempt + 1, status = ?, status_at = ?, started_at = ?, terminal = FALSE,
           next_poll_at = ?, interval_ms = 0, stage_since = NULL, lease_until = 0
         WHERE tenant = ? AND id = ? AND terminal = TRUE AND project_id IS NOT NULL`,
        [status, now, now, now, tenant, targetId],
      );
      return changed === 1 ? getTarget(sql, targetId) : undefined;
    },
    async setTargetOptions(jobId, dstLang, options) {
      await sql.run(
        `INSERT INTO target_options (tenant, job_id, dst_lang, glossary_id, transcript_id) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (tenant, job_id, dst_lang) DO UPDATE SET glossary_id = excluded.glossary_id,
           transcript_id = excluded.transcript_id`,
        [tenant, jobId, dstLang, options.glossaryId, options.transcriptId],
      );
    },
    async targetOptions(jobId, dstLang) {
      const row = await sql.get(
        'SELECT * FROM target_options WHERE tenant = ? AND job_id = ? AND dst_lang = ?',
        [tenant, jobId, dstLang],
      );
      if (!row) return undefined;
      return { glossaryId: read.strOrNull(row.glossary_id), transcriptId: read.strOrNull(row.transcript_id) };
    },
    async addSubtitle(jobId, subtitle) {
      // A new name goes last; a name dropped again keeps its place and takes the new content.
      await sql.run(
        `INSERT INTO job_subtitles (tenant, job_id, name, side, lang, text, position)
           VALUES (?, ?, ?, ?, ?, ?, (SELECT count(*) FROM job_subtitles WHERE tenant = ? AND job_id = ?))
         ON CONFLICT (tenant, job_id, name) DO UPDATE SET side = excluded.side, lang = excluded.lang,
           text = excluded.text`,
        [tenant, jobId, subtitle.name, subtitle.side, subtitle.lang, subtitle.text, tenant, jobId],
      );
    },
    async subtitlesOf(jobId) {
      const rows = await sql.all(
        'SELECT * FROM job_subtitles WHERE tenant = ? AND job_id = ? ORDER BY position, name',
        [tenant, jobId],
      );
      return rows.map(
        (row): JobSubtitle => ({
          name: read.str(row.name),
          side: read.str(row.side) as JobSubtitle['side'],
          lang: read.strOrNull(row.lang),
          text: read.str(row.text),
        }),
      );
    },
  };
}

/**
 * Moves a picking job (or a recorded command that named its languages) to starting with one target per
 * language, inside the caller's transaction; undefined when it was neither.
 */
export async function startIn(
  tx: Sql,
  tenant: string,
  jobId: string,
  choice: JobChoice,
  now: number,
  startedBy: string | undefined,
): Promise<Job | undefined> {
  const changed = await tx.run(
    // A video still being made ready keeps its lease: its holder goes on to the start once it is ready.
    `UPDATE jobs SET state = 'starting', src_lang = ?, num_speakers = ?, started_at = ?,
       lease_until = CASE WHEN media_ready OR media_error IS NOT NULL THEN 0 ELSE lease_until END,
       started_by = ? WHERE tenant = ? AND id = ? AND state IN ('picking', 'requested')`,
    [choice.srcLang, choice.numSpeakers, now, startedBy ?? null, tenant, jobId],
  );
  if (changed === 0) return undefined;
  for (const [position, lang] of choice.dstLangs.entries()) {
    await tx.run(
      `INSERT INTO targets (tenant, id, job_id, dst_lang, position, started_at, next_poll_at, interval_ms)
        VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
      [tenant, newId(), jobId, lang, position, now, NEVER],
    );
  }
  const row = await tx.get('SELECT * FROM jobs WHERE tenant = ? AND id = ?', [tenant, jobId]);
  return row ? toJob(row) : undefined;
}

export function toJob(row: Row): Job {
  return {
    id: read.str(row.id),
    triggerKey: read.str(row.trigger_key),
    state: read.str(row.state) as JobState,
    channel: read.str(row.channel),
    threadTs: read.strOrNull(row.thread_ts),
    userId: read.str(row.user_id),
    source: read.json<JobSource>(row.source),
    title: read.str(row.title),
    srcLang: read.strOrNull(row.src_lang),
    numSpeakers: read.numOrNull(row.num_speakers),
    mediaId: read.strOrNull(row.media_id),
    mediaReady: read.bool(row.media_ready),
    mediaSeconds: read.numOrNull(row.media_seconds),
    picked: row.picked === null || row.picked === undefined ? null : read.json<PickedChoice>(row.picked),
    mediaError: read.strOrNull(row.media_error),
    createdAt: read.num(row.created_at),
    startedAt: read.numOrNull(row.started_at),
    request: row.request === null || row.request === undefined ? null : read.json<JobRequest>(row.request),
    startFailures: read.num(row.start_failures),
    startedBy: read.strOrNull(row.started_by) ?? read.str(row.user_id),
    stoppedBy: read.strOrNull(row.stopped_by),
    autopilot:
      row.autopilot === null || row.autopilot === undefined ? null : read.json<AutopilotMark>(row.autopilot),
  };
}

export function toTarget(row: Row): Target {
  return {
    id: read.str(row.id),
    jobId: read.str(row.job_id),
    dstLang: read.str(row.dst_lang),
    attempt: read.num(row.attempt),
    projectId: read.strOrNull(row.project_id),
    createIntentAt: read.numOrNull(row.create_intent_at),
    status: read.strOrNull(row.status),
    statusAt: read.numOrNull(row.status_at),
    startedAt: read.num(row.started_at),
    terminal: read.bool(row.terminal),
    nextPollAt: read.num(row.next_poll_at),
    intervalMs: read.num(row.interval_ms),
    stageSince: read.numOrNull(row.stage_since),
    paceSum: read.num(row.pace_sum),
    paceCount: read.num(row.pace_count),
    stoppedBy: read.strOrNull(row.stopped_by),
  };
}
