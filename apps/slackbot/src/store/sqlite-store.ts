// The Store on SQLite (node:sqlite): the embedded default. One file, WAL journal; leases make claims safe
// between the tracker's concurrent loops (and between processes sharing the file).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type {
  ChannelSettings,
  Delivery,
  DeliveryInput,
  GlossaryRecord,
  Job,
  JobChoice,
  JobSource,
  JobState,
  JobSubtitle,
  LipsyncState,
  LipsyncTask,
  NewJob,
  PollResult,
  ReviewSegment,
  ReviewSession,
  SegmentEdit,
  Store,
  Target,
  TargetOptions,
} from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (event_id TEXT PRIMARY KEY, at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS jobs (
  id TEXT PRIMARY KEY, trigger_key TEXT NOT NULL UNIQUE, state TEXT NOT NULL, channel TEXT NOT NULL,
  thread_ts TEXT, user_id TEXT NOT NULL, source TEXT NOT NULL, title TEXT NOT NULL, src_lang TEXT,
  num_speakers INTEGER, media_id TEXT, media_error TEXT, created_at INTEGER NOT NULL, started_at INTEGER,
  lease_owner TEXT, lease_until INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS jobs_starting ON jobs (state, lease_until);
CREATE TABLE IF NOT EXISTS targets (
  id TEXT PRIMARY KEY, job_id TEXT NOT NULL REFERENCES jobs(id), dst_lang TEXT NOT NULL,
  attempt INTEGER NOT NULL DEFAULT 1, project_id TEXT, create_intent_at INTEGER, status TEXT, status_at INTEGER,
  started_at INTEGER NOT NULL, terminal INTEGER NOT NULL DEFAULT 0, next_poll_at INTEGER NOT NULL,
  interval_ms INTEGER NOT NULL, lease_owner TEXT, lease_until INTEGER NOT NULL DEFAULT 0,
  UNIQUE (job_id, dst_lang));
CREATE INDEX IF NOT EXISTS targets_due ON targets (terminal, next_poll_at);
CREATE TABLE IF NOT EXISTS deliveries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, job_id TEXT NOT NULL, kind TEXT NOT NULL,
  in_thread INTEGER NOT NULL, payload TEXT NOT NULL, sent_payload TEXT, state TEXT NOT NULL, ts TEXT,
  attempts INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 1, not_before INTEGER NOT NULL DEFAULT 0,
  uncertain INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT, lease_until INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (state, not_before);
CREATE INDEX IF NOT EXISTS deliveries_job ON deliveries (job_id);
CREATE TABLE IF NOT EXISTS review_sessions (
  id TEXT PRIMARY KEY, target_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT NOT NULL, view_id TEXT,
  page INTEGER NOT NULL DEFAULT 0, baseline TEXT NOT NULL, edits TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL, closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS glossaries (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, src_lang TEXT NOT NULL, dst_lang TEXT NOT NULL, version INTEGER NOT NULL,
  channel TEXT NOT NULL, created_by TEXT NOT NULL, updated_at INTEGER NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS glossaries_name ON glossaries (lower(name));
CREATE TABLE IF NOT EXISTS channel_settings (
  channel TEXT PRIMARY KEY, dst_langs TEXT NOT NULL, glossary_ids TEXT NOT NULL, updated_by TEXT NOT NULL,
  updated_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS target_options (
  job_id TEXT NOT NULL, dst_lang TEXT NOT NULL, glossary_id TEXT, transcript_id TEXT, PRIMARY KEY (job_id, dst_lang));
CREATE INDEX IF NOT EXISTS jobs_user ON jobs (user_id, created_at);
CREATE TABLE IF NOT EXISTS lipsyncs (
  id TEXT PRIMARY KEY, target_id TEXT NOT NULL, job_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT NOT NULL,
  multiple_faces INTEGER NOT NULL, free INTEGER, face_check_asked INTEGER NOT NULL DEFAULT 0, state TEXT NOT NULL, progress REAL NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL, next_poll_at INTEGER NOT NULL, lease_owner TEXT, lease_until INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS lipsyncs_due ON lipsyncs (state, next_poll_at);
CREATE TABLE IF NOT EXISTS job_subtitles (
  job_id TEXT NOT NULL, name TEXT NOT NULL, side TEXT NOT NULL, lang TEXT, text TEXT NOT NULL, PRIMARY KEY (job_id, name));
CREATE INDEX IF NOT EXISTS jobs_thread ON jobs (channel, thread_ts);
CREATE TABLE IF NOT EXISTS render_intents (target_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, at INTEGER NOT NULL);
`;

type Row = Record<string, SQLInputValue>;

export class SqliteStore implements Store {
  readonly #db: DatabaseSync;

  /** Opens (creating when needed) the database at `path`, or an in-memory one for ':memory:'. */
  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.#db = new DatabaseSync(path);
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    this.#db.exec(SCHEMA);
  }

  #tx<T>(work: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  #run(sql: string, ...params: SQLInputValue[]): number {
    return Number(this.#db.prepare(sql).run(...params).changes);
  }

  #all(sql: string, ...params: SQLInputValue[]): Row[] {
    return this.#db.prepare(sql).all(...params) as Row[];
  }

  #get(sql: string, ...params: SQLInputValue[]): Row | undefined {
    return this.#db.prepare(sql).get(...params) as Row | undefined;
  }

  recordEvent(eventId: string, now: number): boolean {
    return this.#run('INSERT OR IGNORE INTO events (event_id, at) VALUES (?, ?)', eventId, now) === 1;
  }

  hasEvent(eventId: string): boolean {
    return this.#get('SELECT 1 AS hit FROM events WHERE event_id = ?', eventId) !== undefined;
  }

  createJob(input: NewJob, now: number): { job: Job; created: boolean } {
    return this.#tx(() => {
      const existing = this.#get('SELECT * FROM jobs WHERE trigger_key = ?', input.triggerKey);
      if (input.eventId !== undefined) this.recordEvent(input.eventId, now);
      if (existing) return { job: toJob(existing), created: false };
      const id = newId();
      this.#run(
        `INSERT INTO jobs (id, trigger_key, state, channel, thread_ts, user_id, source, title, src_lang, num_speakers,
          created_at) VALUES (?, ?, 'picking', ?, ?, ?, ?, ?, ?, ?, ?)`,
        id,
        input.triggerKey,
        input.channel,
        input.threadTs,
        input.userId,
        JSON.stringify(input.source),
        input.title,
        input.srcLang ?? null,
        input.numSpeakers ?? null,
        now,
      );
      return { job: this.getJob(id)!, created: true };
    });
  }

  getJob(id: string): Job | undefined {
    const row = this.#get('SELECT * FROM jobs WHERE id = ?', id);
    return row ? toJob(row) : undefined;
  }

  setJobThread(jobId: string, threadTs: string): void {
    this.#run('UPDATE jobs SET thread_ts = ? WHERE id = ? AND thread_ts IS NULL', threadTs, jobId);
  }

  startJob(jobId: string, choice: JobChoice, now: number): Job | undefined {
    return this.#tx(() => {
      const changed = this.#run(
        `UPDATE jobs SET state = 'starting', src_lang = ?, num_speakers = ?, started_at = ?, lease_until = 0
          WHERE id = ? AND state = 'picking'`,
        choice.srcLang,
        choice.numSpeakers,
        now,
        jobId,
      );
      if (changed === 0) return undefined;
      for (const lang of choice.dstLangs) {
        this.#run(
          `INSERT INTO targets (id, job_id, dst_lang, started_at, next_poll_at, interval_ms) VALUES (?, ?, ?, ?, ?, 0)`,
          newId(),
          jobId,
          lang,
          now,
          Number.MAX_SAFE_INTEGER,
        );
      }
      return this.getJob(jobId);
    });
  }

  cancelJob(jobId: string): boolean {
    return this.#run(`UPDATE jobs SET state = 'cancelled' WHERE id = ? AND state = 'picking'`, jobId) === 1;
  }

  claimJobsToStart(owner: string, now: number, leaseMs: number, limit: number): Job[] {
    return this.#all(
      `UPDATE jobs SET lease_owner = ?, lease_until = ? WHERE id IN (
         SELECT id FROM jobs WHERE state = 'starting' AND lease_until < ? ORDER BY started_at LIMIT ?)
       RETURNING *`,
      owner,
      now + leaseMs,
      now,
      limit,
    ).map(toJob);
  }

  releaseJob(jobId: string, owner: string, retryAt: number): void {
    this.#run('UPDATE jobs SET lease_until = ? WHERE id = ? AND lease_owner = ?', retryAt, jobId, owner);
  }

  setJobMedia(jobId: string, mediaId: string): void {
    this.#run('UPDATE jobs SET media_id = ?, media_error = NULL WHERE id = ?', mediaId, jobId);
  }

  setJobMediaError(jobId: string, error: string): void {
    this.#run('UPDATE jobs SET media_error = ? WHERE id = ?', error, jobId);
  }

  setJobRunning(jobId: string): void {
    this.#run(
      `UPDATE jobs SET state = 'running', lease_until = 0 WHERE id = ? AND state = 'starting'`,
      jobId,
    );
  }

  targetsOf(jobId: string): Target[] {
    return this.#all('SELECT * FROM targets WHERE job_id = ? ORDER BY rowid', jobId).map(toTarget);
  }

  getTarget(id: string): Target | undefined {
    const row = this.#get('SELECT * FROM targets WHERE id = ?', id);
    return row ? toTarget(row) : undefined;
  }

  markCreateIntent(targetId: string, now: number): void {
    this.#run('UPDATE targets SET create_intent_at = ? WHERE id = ?', now, targetId);
  }

  setTargetProject(targetId: string, projectId: string, now: number): void {
    this.#run(
      'UPDATE targets SET project_id = ?, next_poll_at = ?, interval_ms = 0, lease_until = 0 WHERE id = ?',
      projectId,
      now,
      targetId,
    );
  }

  claimDueTargets(owner: string, now: number, leaseMs: number, limit: number): Target[] {
    return this.#all(
      `UPDATE targets SET lease_owner = ?, lease_until = ? WHERE id IN (
         SELECT id FROM targets WHERE terminal = 0 AND project_id IS NOT NULL AND next_poll_at <= ? AND lease_until < ?
         ORDER BY next_poll_at LIMIT ?)
       RETURNING *`,
      owner,
      now + leaseMs,
      now,
      now,
      limit,
    ).map(toTarget);
  }

  recordPoll(targetId: string, result: PollResult, now: number, deliveries: DeliveryInput[]): void {
    this.#tx(() => {
      this.#run(
        `UPDATE targets SET status = ?, status_at = CASE WHEN ? THEN ? ELSE status_at END, terminal = ?,
          next_poll_at = ?, interval_ms = ?, lease_until = 0 WHERE id = ?`,
        result.status,
        result.changed ? 1 : 0,
        now,
        result.terminal ? 1 : 0,
        result.nextPollAt,
        result.intervalMs,
        targetId,
      );
      for (const delivery of deliveries) this.enqueue(delivery, now);
    });
  }

  retryTarget(targetId: string, now: number): Target | undefined {
    return this.#tx(() => {
      const target = this.getTarget(targetId);
      if (!target?.terminal || target.status === 'merging_done') return undefined;
      this.#run(
        `UPDATE targets SET attempt = attempt + 1, project_id = NULL, create_intent_at = NULL, status = NULL,
          status_at = NULL, started_at = ?, terminal = 0, next_poll_at = ?, interval_ms = 0, lease_until = 0
          WHERE id = ?`,
        now,
        Number.MAX_SAFE_INTEGER,
        targetId,
      );
      this.#run(`UPDATE jobs SET state = 'starting', lease_until = 0 WHERE id = ?`, target.jobId);
      return this.getTarget(targetId);
    });
  }

  activeTargetCount(): number {
    return Number(this.#get('SELECT count(*) AS n FROM targets WHERE terminal = 0')?.n ?? 0);
  }

  enqueue(delivery: DeliveryInput, now: number): void {
    const payload = JSON.stringify(delivery.payload);
    this.#run(
      `INSERT INTO deliveries (key, job_id, kind, in_thread, payload, state, updated_at)
         VALUES (?, ?, ?, ?, ?, 'pending', ?)
       ON CONFLICT (key) DO UPDATE SET payload = excluded.payload, version = version + 1,
         state = CASE WHEN state = 'sending' THEN state ELSE 'pending' END, updated_at = excluded.updated_at
       WHERE deliveries.payload <> excluded.payload`,
      delivery.key,
      delivery.jobId,
      delivery.kind,
      delivery.inThread ? 1 : 0,
      payload,
      now,
    );
  }

  claimDeliveries(owner: string, now: number, leaseMs: number, limit: number): Delivery[] {
    return this.#all(
      `UPDATE deliveries SET lease_owner = ?, lease_until = ?, attempts = attempts + 1,
         state = 'sending', uncertain = CASE WHEN state = 'sending' THEN 1 ELSE uncertain END
       WHERE seq IN (
         SELECT seq FROM deliveries
         WHERE (state = 'pending' AND not_before <= ?) OR (state = 'sending' AND lease_until < ?)
         ORDER BY seq LIMIT ?)
       RETURNING *`,
      owner,
      now + leaseMs,
      now,
      now,
      limit,
    )
      .map(toDelivery)
      .sort((a, b) => a.seq - b.seq);
  }

  completeDelivery(key: string, version: number, ts: string | null, now: number): void {
    this.#run(
      `UPDATE deliveries SET ts = coalesce(?, ts), sent_payload = CASE WHEN version = ? THEN payload ELSE sent_payload END,
         state = CASE WHEN version = ? THEN 'done' ELSE 'pending' END, not_before = 0, lease_until = 0,
         uncertain = 0, updated_at = ?
       WHERE key = ?`,
      ts,
      version,
      version,
      now,
      key,
    );
  }

  deferDelivery(key: string, notBefore: number, uncertain: boolean): void {
    this.#run(
      `UPDATE deliveries SET state = 'pending', not_before = ?, lease_until = 0, uncertain = max(uncertain, ?)
       WHERE key = ?`,
      notBefore,
      uncertain ? 1 : 0,
      key,
    );
  }

  getDelivery(key: string): Delivery | undefined {
    const row = this.#get('SELECT * FROM deliveries WHERE key = ?', key);
    return row ? toDelivery(row) : undefined;
  }

  deliveriesOf(jobId: string): Delivery[] {
    return this.#all('SELECT * FROM deliveries WHERE job_id = ? ORDER BY seq', jobId).map(toDelivery);
  }

  createReviewSession(
    input: Pick<ReviewSession, 'targetId' | 'projectId' | 'userId' | 'baseline' | 'createdAt'>,
  ): ReviewSession {
    const id = newId();
    this.#run(
      `INSERT INTO review_sessions (id, target_id, project_id, user_id, baseline, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      id,
      input.targetId,
      input.projectId,
      input.userId,
      JSON.stringify(input.baseline),
      input.createdAt,
    );
    return this.getReviewSession(id)!;
  }

  getReviewSession(id: string): ReviewSession | undefined {
    const row = this.#get('SELECT * FROM review_sessions WHERE id = ?', id);
    return row ? toReviewSession(row) : undefined;
  }

  updateReviewSession(
    id: string,
    change: { viewId?: string; page?: number; edits?: Record<string, SegmentEdit> },
  ): void {
    this.#run(
      `UPDATE review_sessions SET view_id = coalesce(?, view_id), page = coalesce(?, page),
         edits = coalesce(?, edits) WHERE id = ?`,
      change.viewId ?? null,
      change.page ?? null,
      change.edits ? JSON.stringify(change.edits) : null,
      id,
    );
  }

  closeReviewSession(id: string): boolean {
    return this.#run('UPDATE review_sessions SET closed = 1 WHERE id = ? AND closed = 0', id) === 1;
  }

  resumeTarget(targetId: string, status: string, now: number): Target | undefined {
    const changed = this.#run(
      `UPDATE targets SET attempt = attempt + 1, status = ?, status_at = ?, started_at = ?, terminal = 0,
         next_poll_at = ?, interval_ms = 0, lease_until = 0
       WHERE id = ? AND terminal = 1 AND project_id IS NOT NULL`,
      status,
      now,
      now,
      now,
      targetId,
    );
    return changed === 1 ? this.getTarget(targetId) : undefined;
  }

  targetOfProject(projectId: string): Target | undefined {
    const row = this.#get('SELECT * FROM targets WHERE project_id = ?', projectId);
    return row ? toTarget(row) : undefined;
  }

  recentJobs(userId: string, limit: number): Job[] {
    return this.#all(
      `SELECT * FROM jobs WHERE user_id = ? AND state <> 'cancelled' ORDER BY created_at DESC LIMIT ?`,
      userId,
      limit,
    ).map(toJob);
  }

  saveGlossary(glossary: GlossaryRecord): void {
    this.#tx(() => {
      // One name, one glossary: a new id for a name already known replaces the old record.
      this.#run(
        'DELETE FROM glossaries WHERE lower(name) = lower(?) AND id <> ?',
        glossary.name,
        glossary.id,
      );
      this.#run(
        `INSERT INTO glossaries (id, name, src_lang, dst_lang, version, channel, created_by, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, version = excluded.version,
           updated_at = excluded.updated_at`,
        glossary.id,
        glossary.name,
        glossary.srcLang,
        glossary.dstLang,
        glossary.version,
        glossary.channel,
        glossary.createdBy,
        glossary.updatedAt,
      );
    });
  }

  glossaries(): GlossaryRecord[] {
    return this.#all('SELECT * FROM glossaries ORDER BY lower(name)').map(toGlossary);
  }

  getGlossary(id: string): GlossaryRecord | undefined {
    const row = this.#get('SELECT * FROM glossaries WHERE id = ?', id);
    return row ? toGlossary(row) : undefined;
  }

  findGlossary(name: string): GlossaryRecord | undefined {
    const row = this.#get('SELECT * FROM glossaries WHERE lower(name) = lower(?)', name.trim());
    return row ? toGlossary(row) : undefined;
  }

  deleteGlossary(id: string): void {
    this.#run('DELETE FROM glossaries WHERE id = ?', id);
  }

  channelSettings(channel: string): ChannelSettings | undefined {
    const row = this.#get('SELECT * FROM channel_settings WHERE channel = ?', channel);
    if (!row) return undefined;
    return {
      channel: str(row.channel),
      dstLangs: JSON.parse(str(row.dst_langs)) as string[],
      glossaryIds: JSON.parse(str(row.glossary_ids)) as string[],
      updatedBy: str(row.updated_by),
      updatedAt: Number(row.updated_at),
    };
  }

  saveChannelSettings(settings: ChannelSettings): void {
    this.#run(
      `INSERT INTO channel_settings (channel, dst_langs, glossary_ids, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (channel) DO UPDATE SET dst_langs = excluded.dst_langs, glossary_ids = excluded.glossary_ids,
         updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
      settings.channel,
      JSON.stringify(settings.dstLangs),
      JSON.stringify(settings.glossaryIds),
      settings.updatedBy,
      settings.updatedAt,
    );
  }

  setTargetOptions(jobId: string, dstLang: string, options: TargetOptions): void {
    this.#run(
      `INSERT INTO target_options (job_id, dst_lang, glossary_id, transcript_id) VALUES (?, ?, ?, ?)
       ON CONFLICT (job_id, dst_lang) DO UPDATE SET glossary_id = excluded.glossary_id,
         transcript_id = excluded.transcript_id`,
      jobId,
      dstLang,
      options.glossaryId,
      options.transcriptId,
    );
  }

  createLipsync(
    input: Pick<LipsyncTask, 'targetId' | 'jobId' | 'projectId' | 'userId' | 'multipleFaces'>,
    now: number,
  ): LipsyncTask | undefined {
    return this.#tx(() => {
      const active = this.#get(
        `SELECT 1 AS hit FROM lipsyncs WHERE target_id = ? AND state IN ('checking', 'syncing')`,
        input.targetId,
      );
      if (active) return undefined;
      const id = newId();
      this.#run(
        `INSERT INTO lipsyncs (id, target_id, job_id, project_id, user_id, multiple_faces, state, started_at, next_poll_at)
           VALUES (?, ?, ?, ?, ?, ?, 'checking', ?, ?)`,
        id,
        input.targetId,
        input.jobId,
        input.projectId,
        input.userId,
        input.multipleFaces ? 1 : 0,
        now,
        now,
      );
      return toLipsync(this.#get('SELECT * FROM lipsyncs WHERE id = ?', id)!);
    });
  }

  claimDueLipsyncs(owner: string, now: number, leaseMs: number, limit: number): LipsyncTask[] {
    return this.#all(
      `UPDATE lipsyncs SET lease_owner = ?, lease_until = ? WHERE id IN (
         SELECT id FROM lipsyncs WHERE state IN ('checking', 'syncing') AND next_poll_at <= ? AND lease_until < ?
         ORDER BY next_poll_at LIMIT ?)
       RETURNING *`,
      owner,
      now + leaseMs,
      now,
      now,
      limit,
    ).map(toLipsync);
  }

  updateLipsync(
    id: string,
    change: Partial<Pick<LipsyncTask, 'state' | 'progress' | 'free' | 'nextPollAt' | 'faceCheckAsked'>>,
  ): void {
    const flag = (value: boolean | null | undefined) =>
      value === undefined || value === null ? null : value ? 1 : 0;
    this.#run(
      `UPDATE lipsyncs SET state = coalesce(?, state), progress = coalesce(?, progress), free = coalesce(?, free),
         face_check_asked = coalesce(?, face_check_asked), next_poll_at = coalesce(?, next_poll_at), lease_until = 0
       WHERE id = ?`,
      change.state ?? null,
      change.progress ?? null,
      flag(change.free),
      flag(change.faceCheckAsked),
      change.nextPollAt ?? null,
      id,
    );
  }

  recordRenderIntent(targetId: string, userId: string, now: number): void {
    this.#run(
      `INSERT INTO render_intents (target_id, user_id, at) VALUES (?, ?, ?)
       ON CONFLICT (target_id) DO UPDATE SET user_id = excluded.user_id, at = excluded.at`,
      targetId,
      userId,
      now,
    );
  }

  clearRenderIntent(targetId: string): void {
    this.#run('DELETE FROM render_intents WHERE target_id = ?', targetId);
  }

  renderIntents(): { targetId: string; userId: string; at: number }[] {
    return this.#all('SELECT * FROM render_intents ORDER BY at').map((row) => ({
      targetId: str(row.target_id),
      userId: str(row.user_id),
      at: Number(row.at),
    }));
  }

  jobByTrigger(triggerKey: string): Job | undefined {
    const row = this.#get('SELECT * FROM jobs WHERE trigger_key = ?', triggerKey);
    return row ? toJob(row) : undefined;
  }

  jobByThread(channel: string, threadTs: string): Job | undefined {
    const row = this.#get(
      'SELECT * FROM jobs WHERE channel = ? AND thread_ts = ? ORDER BY created_at LIMIT 1',
      channel,
      threadTs,
    );
    return row ? toJob(row) : undefined;
  }

  addSubtitle(jobId: string, subtitle: JobSubtitle): void {
    this.#run(
      `INSERT INTO job_subtitles (job_id, name, side, lang, text) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (job_id, name) DO UPDATE SET side = excluded.side, lang = excluded.lang, text = excluded.text`,
      jobId,
      subtitle.name,
      subtitle.side,
      subtitle.lang,
      subtitle.text,
    );
  }

  subtitlesOf(jobId: string): JobSubtitle[] {
    return this.#all('SELECT * FROM job_subtitles WHERE job_id = ? ORDER BY rowid', jobId).map((row) => ({
      name: str(row.name),
      side: str(row.side) as JobSubtitle['side'],
      lang: strOrNull(row.lang),
      text: str(row.text),
    }));
  }

  channelSettingsBy(userId: string): ChannelSettings[] {
    return this.#all(
      'SELECT channel FROM channel_settings WHERE updated_by = ? ORDER BY channel',
      userId,
    ).map((row) => this.channelSettings(str(row.channel))!);
  }

  adoptProject(input: NewJob, dstLang: string, projectId: string, now: number): Job | undefined {
    // The job is created first (its own transaction); one left without a target by a crash is completed.
    const { job } = this.createJob(input, now);
    return this.#tx(() => {
      if (this.targetsOf(job.id).length > 0) return undefined;
      this.#run(`UPDATE jobs SET state = 'running', started_at = ? WHERE id = ?`, now, job.id);
      this.#run(
        `INSERT INTO targets (id, job_id, dst_lang, project_id, started_at, next_poll_at, interval_ms)
           VALUES (?, ?, ?, ?, ?, ?, 0)`,
        newId(),
        job.id,
        dstLang,
        projectId,
        now,
        now,
      );
      return this.getJob(job.id);
    });
  }

  targetOptions(jobId: string, dstLang: string): TargetOptions | undefined {
    const row = this.#get('SELECT * FROM target_options WHERE job_id = ? AND dst_lang = ?', jobId, dstLang);
    if (!row) return undefined;
    return { glossaryId: strOrNull(row.glossary_id), transcriptId: strOrNull(row.transcript_id) };
  }

  releaseLeases(): void {
    this.#tx(() => {
      this.#run('UPDATE jobs SET lease_until = 0 WHERE lease_until > 0');
      this.#run('UPDATE targets SET lease_until = 0 WHERE lease_until > 0');
      this.#run('UPDATE lipsyncs SET lease_until = 0 WHERE lease_until > 0');
      this.#run(
        `UPDATE deliveries SET state = 'pending', uncertain = 1, lease_until = 0 WHERE state = 'sending'`,
      );
    });
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}

/** A short random id: also used in project names as the job tag, so it must be unique and searchable. */
function newId(): string {
  return randomBytes(8).toString('hex');
}

function str(value: SQLInputValue | undefined): string {
  return String(value);
}

function strOrNull(value: SQLInputValue | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}

function numOrNull(value: SQLInputValue | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function toJob(row: Row): Job {
  return {
    id: str(row.id),
    triggerKey: str(row.trigger_key),
    state: str(row.state) as JobState,
    channel: str(row.channel),
    threadTs: strOrNull(row.thread_ts),
    userId: str(row.user_id),
    source: JSON.parse(str(row.source)) as JobSource,
    title: str(row.title),
    srcLang: strOrNull(row.src_lang),
    numSpeakers: numOrNull(row.num_speakers),
    mediaId: strOrNull(row.media_id),
    mediaError: strOrNull(row.media_error),
    createdAt: Number(row.created_at),
    startedAt: numOrNull(row.started_at),
  };
}

function toTarget(row: Row): Target {
  return {
    id: str(row.id),
    jobId: str(row.job_id),
    dstLang: str(row.dst_lang),
    attempt: Number(row.attempt),
    projectId: strOrNull(row.project_id),
    createIntentAt: numOrNull(row.create_intent_at),
    status: strOrNull(row.status),
    statusAt: numOrNull(row.status_at),
    startedAt: Number(row.started_at),
    terminal: Number(row.terminal) === 1,
    nextPollAt: Number(row.next_poll_at),
    intervalMs: Number(row.interval_ms),
  };
}

function toDelivery(row: Row): Delivery {
  return {
    seq: Number(row.seq),
    key: str(row.key),
    jobId: str(row.job_id),
    kind: str(row.kind) as Delivery['kind'],
    inThread: Number(row.in_thread) === 1,
    payload: JSON.parse(str(row.payload)),
    state: str(row.state) as Delivery['state'],
    ts: strOrNull(row.ts),
    attempts: Number(row.attempts),
    version: Number(row.version),
    uncertain: Number(row.uncertain) === 1,
  };
}

function toReviewSession(row: Row): ReviewSession {
  return {
    id: str(row.id),
    targetId: str(row.target_id),
    projectId: str(row.project_id),
    userId: str(row.user_id),
    viewId: strOrNull(row.view_id),
    page: Number(row.page),
    baseline: JSON.parse(str(row.baseline)) as ReviewSegment[],
    edits: JSON.parse(str(row.edits)) as Record<string, SegmentEdit>,
    createdAt: Number(row.created_at),
    closed: Number(row.closed) === 1,
  };
}

function toLipsync(row: Row): LipsyncTask {
  return {
    id: str(row.id),
    targetId: str(row.target_id),
    jobId: str(row.job_id),
    projectId: str(row.project_id),
    userId: str(row.user_id),
    multipleFaces: Number(row.multiple_faces) === 1,
    free: row.free === null || row.free === undefined ? null : Number(row.free) === 1,
    faceCheckAsked: Number(row.face_check_asked) === 1,
    state: str(row.state) as LipsyncState,
    progress: Number(row.progress),
    startedAt: Number(row.started_at),
    nextPollAt: Number(row.next_poll_at),
  };
}

function toGlossary(row: Row): GlossaryRecord {
  return {
    id: str(row.id),
    name: str(row.name),
    srcLang: str(row.src_lang),
    dstLang: str(row.dst_lang),
    version: Number(row.version),
    channel: str(row.channel),
    createdBy: str(row.created_by),
    updatedAt: Number(row.updated_at),
  };
}
