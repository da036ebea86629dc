// The outbox in SQL. Writes are grouped by channel: a channel is leased to one writer at a time and carries
// its own pace (next_write_at), so one channel's rate limit or backlog never holds up another, and replicas
// share both. Enqueue replaces a key's payload (a newer version) only when it changed; a completion counts
// only for the version that was sent.
//
// A channel also carries when its earliest waiting write became due (due_at, indexed), so that a claim
// walks only the channels with work, the longest waiting first, whatever the backlog: a claim driven from
// the due writes themselves cost a look at every one of them (17 ms each on PostgreSQL with a backlog of
// thousands). due_at is never later than the truth: an enqueue lowers it, and only the writer that holds the
// channel raises it, when it gives the channel back — and then only if nothing was enqueued into the channel
// since its claim (counted in `enqueued`), since a write committed meanwhile may be missing from what the
// release can see.
import { renderOfReplyKey, renderReplyKey } from '../../domain/renders.ts';
import type { Delivery, DeliveryInput, OutboxStore } from '../outbox.ts';
import { claimDue, placeholders, type Row, read, type Sql } from './port.ts';

/** A channel's due_at when it has nothing to write. */
const NOTHING_DUE = Number.MAX_SAFE_INTEGER;

/** Also used inside other aggregates' transactions (a poll's outcome and the writes it causes). */
export async function enqueueDelivery(
  sql: Sql,
  tenant: string,
  delivery: DeliveryInput,
  now: number,
): Promise<void> {
  // The channel is the job's unless the write says where it goes; a row comes back only when the write is
  // new or its payload changed.
  const written = await sql.get(
    `INSERT INTO deliveries (tenant, key, job_id, kind, in_thread, payload, channel, thread_ts, standalone, state,
       updated_at)
       SELECT ?, ?, ?, ?, ?, ?, c.channel, ?, ?, 'pending', ?
       FROM (SELECT coalesce(?, (SELECT channel FROM jobs WHERE tenant = ? AND id = ?)) AS channel) AS c
       WHERE c.channel IS NOT NULL
     ON CONFLICT (tenant, key) DO UPDATE SET payload = excluded.payload, version = deliveries.version + 1,
       state = CASE WHEN deliveries.state = 'sending' THEN deliveries.state ELSE 'pending' END,
       updated_at = excluded.updated_at, uploaded_files = NULL
     WHERE deliveries.payload <> excluded.payload
     RETURNING channel`,
    [
      tenant,
      delivery.key,
      delivery.jobId,
      delivery.kind,
      delivery.inThread,
      JSON.stringify(delivery.payload),
      delivery.to?.threadTs ?? null,
      delivery.to !== undefined,
      now,
      delivery.to?.channel ?? null,
      tenant,
      delivery.jobId,
    ],
  );
  if (written === undefined) {
    if (
      delivery.to === undefined &&
      !(await sql.get('SELECT 1 AS hit FROM jobs WHERE tenant = ? AND id = ?', [tenant, delivery.jobId]))
    )
      throw new Error(`no channel for the write ${delivery.key}: its job ${delivery.jobId} is unknown`);
    return;
  }
  await sql.run(
    `INSERT INTO channels (tenant, channel, due_at, enqueued) VALUES (?, ?, ?, 1)
     ON CONFLICT (tenant, channel) DO UPDATE SET enqueued = channels.enqueued + 1,
       due_at = CASE WHEN channels.due_at < excluded.due_at THEN channels.due_at ELSE excluded.due_at END`,
    [tenant, read.str(written.channel), now],
  );
}

/** A write is due when it waits and its time came, or when the writer that was sending it is gone. */
const DUE = `((d.state = 'pending' AND d.not_before <= ?) OR d.state = 'sending')`;
/** First posts (a result, files) before edits of messages already posted, then in order of arrival. */
const writeOrder = (d: string) => `CASE WHEN ${d}.ts IS NULL THEN 0 ELSE 1 END, ${d}.seq`;
/** A delivery with the thread of its job (a write that belongs to no job has its own). */
const WITH_THREAD =
  'SELECT d.*, j.thread_ts AS job_thread_ts FROM deliveries AS d LEFT JOIN jobs AS j ON j.id = d.job_id AND j.tenant = d.tenant';

export function sqlOutboxStore(sql: Sql, tenant: string): OutboxStore {
  return {
    enqueue: (delivery, now) => enqueueDelivery(sql, tenant, delivery, now),

    async claimWrites(owner, now, leaseMs, limit) {
      const rows = await claimDue(sql, {
        table: 'channels',
        tenant,
        key: 'channel',
        due: 'due_at <= ? AND lease_until < ? AND next_write_at <= ?',
        params: [now, now, now],
        order: 'due_at',
        set: 'claimed_enqueued = enqueued',
        owner,
        now,
        leaseMs,
        limit,
      });
      if (rows.length === 0) return [];
      const channels = rows.map((row) => read.str(row.channel));
      const firsts = await sql.all(
        `SELECT * FROM (
           SELECT w.*, ROW_NUMBER() OVER (PARTITION BY w.channel ORDER BY ${writeOrder('w')}) AS turn
           FROM (${WITH_THREAD} WHERE d.tenant = ? AND d.channel IN (${placeholders(channels)}) AND ${DUE}) AS w
         ) AS ranked WHERE turn = 1`,
        [tenant, ...channels, now],
      );
      const first = new Map(firsts.map((row) => [read.str(row.channel), dueDelivery(row)]));
      return channels.map((channel) => ({ channel, write: first.get(channel) }));
    },

    async dueIn(channel, now, limit) {
      const rows = await sql.all(
        `${WITH_THREAD} WHERE d.tenant = ? AND d.channel = ? AND ${DUE} ORDER BY ${writeOrder('d')} LIMIT ?`,
        [tenant, channel, now, limit],
      );
      return rows.map(dueDelivery);
    },

    async markSending(keys, now) {
      if (keys.length === 0) return;
      await sql.run(
        `UPDATE deliveries SET state = 'sending', attempts = attempts + 1, updated_at = ?
         WHERE tenant = ? AND key IN (${placeholders(keys)})`,
        [now, tenant, ...keys],
      );
    },

    async recordUploads(key, fileIds) {
      await sql.run('UPDATE deliveries SET uploaded_files = ? WHERE tenant = ? AND key = ?', [
        JSON.stringify(fileIds),
        tenant,
        key,
      ]);
    },

    async completeDelivery(key, version, ts, now) {
      await sql.run(
        `UPDATE deliveries SET ts = coalesce(?, ts),
           sent_payload = CASE WHEN version = ? THEN payload ELSE sent_payload END,
           state = CASE WHEN version = ? THEN 'done' ELSE 'pending' END, not_before = 0, failures = 0,
           uncertain = FALSE, updated_at = ?
         WHERE tenant = ? AND key = ?`,
        [ts, version, version, now, tenant, key],
      );
    },

    async deferDelivery(key, notBefore, outcome) {
      await sql.run(
        `UPDATE deliveries SET state = 'pending', not_before = ?, uncertain = (uncertain OR ?),
           failures = failures + CASE WHEN ? THEN 1 ELSE 0 END
         WHERE tenant = ? AND key = ?`,
        [notBefore, outcome.uncertain, outcome.failed, tenant, key],
      );
    },

    async releaseChannels(owner, releases) {
      if (releases.length === 0) return;
      const cases = releases.map(() => 'WHEN ? THEN ?').join(' ');
      // A pending write is due from when it was enqueued or its wait ends, whichever is later; a write left
      // 'sending' (its writer died) from when its try began.
      await sql.run(
        `UPDATE channels SET lease_until = 0, next_write_at = CAST(CASE channel ${cases} END AS BIGINT),
           due_at = CASE WHEN enqueued = claimed_enqueued THEN coalesce((
             SELECT min(CASE WHEN d.state = 'pending' AND d.not_before > d.updated_at THEN d.not_before ELSE d.updated_at END)
             FROM deliveries AS d WHERE d.tenant = channels.tenant AND d.channel = channels.channel
               AND d.state IN ('pending', 'sending')), ?)
           ELSE 0 END
         WHERE tenant = ? AND lease_owner = ? AND channel IN (${placeholders(releases)})`,
        [
          ...releases.flatMap((r) => [r.channel, r.nextWriteAt]),
          NOTHING_DUE,
          tenant,
          owner,
          ...releases.map((r) => r.channel),
        ],
      );
    },

    async getDelivery(key) {
      const row = await sql.get(`${WITH_THREAD} WHERE d.tenant = ? AND d.key = ?`, [tenant, key]);
      return row ? toDelivery(row) : undefined;
    },

    async deliveriesOf(jobId) {
      return (
        await sql.all(`${WITH_THREAD} WHERE d.tenant = ? AND d.job_id = ? ORDER BY d.seq`, [tenant, jobId])
      ).map(toDelivery);
    },

    async deliveredRenders(targetId) {
      // The keys are read whole and parsed: a pattern (LIKE) would read a target id's own characters as wildcards.
      // Looked for among the writes of the language's job (an index), not every write kept (each status message
      // is drawn with its renders, so a scan of the outbox made drawing slower as it grew).
      const prefix = renderReplyKey(targetId, 1).slice(0, -1);
      const rows = await sql.all(
        `SELECT key FROM deliveries WHERE tenant = ? AND job_id = (SELECT job_id FROM targets WHERE tenant = ? AND id = ?)
           AND kind = 'render' AND substr(key, 1, ?) = ?`,
        [tenant, tenant, targetId, prefix.length, prefix],
      );
      return rows
        .flatMap((row) => {
          const reply = renderOfReplyKey(read.str(row.key));
          return reply?.targetId === targetId ? [reply.render] : [];
        })
        .sort((a, b) => a - b);
    },
  };
}

/** A due write as its writer sees it: one left 'sending' in a channel that was free lost its writer mid-call. */
function dueDelivery(row: Row): Delivery {
  const delivery = toDelivery(row);
  return { ...delivery, uncertain: delivery.uncertain || delivery.state === 'sending' };
}

function toDelivery(row: Row): Delivery {
  const channel = read.str(row.channel);
  const standalone = read.bool(row.standalone);
  return {
    seq: read.num(row.seq),
    key: read.str(row.key),
    jobId: read.str(row.job_id),
    kind: read.str(row.kind) as Delivery['kind'],
    inThread: read.bool(row.in_thread),
    payload: read.json(row.payload),
    state: read.str(row.state) as Delivery['state'],
    channel,
    ts: read.strOrNull(row.ts),
    threadTs: standalone
      ? read.strOrNull(row.thread_ts)
      : read.bool(row.in_thread)
        ? read.strOrNull(row.job_thread_ts)
        : null,
    attempts: read.num(row.attempts),
    failures: read.num(row.failures),
    version: read.num(row.version),
    uncertain: read.bool(row.uncertain),
    updatedAt: read.num(row.updated_at),
    uploadedFiles: row.uploaded_files == null ? null : (read.json(row.uploaded_files) as string[]),
    ...(standalone ? { to: { channel, threadTs: read.strOrNull(row.thread_ts) } } : {}),
  };
}
