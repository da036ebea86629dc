// The outbox in SQL. Writes are grouped by channel: a channel is leased to one writer at a time and carries
// its own pace (next_write_at), so one channel's rate limit or backlog never holds up another, and replicas
// share both. Enqueue replaces a key's payload (a newer version) only when it changed; a completion counts
// only for the version that was sent.
import type { Delivery, DeliveryInput, OutboxStore } from '../outbox.ts';
import { claimDue, type Row, read, type Sql } from './port.ts';

/** Also used inside other aggregates' transactions (a poll's outcome and the writes it causes). */
export async function enqueueDelivery(sql: Sql, delivery: DeliveryInput, now: number): Promise<void> {
  const channel =
    delivery.to?.channel ??
    read.strOrNull((await sql.get('SELECT channel FROM jobs WHERE id = ?', [delivery.jobId]))?.channel);
  if (channel === null)
    throw new Error(`no channel for the write ${delivery.key}: its job ${delivery.jobId} is unknown`);
  await sql.run('INSERT INTO channels (channel) VALUES (?) ON CONFLICT (channel) DO NOTHING', [channel]);
  await sql.run(
    `INSERT INTO deliveries (key, job_id, kind, in_thread, payload, channel, thread_ts, standalone, state, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)
     ON CONFLICT (key) DO UPDATE SET payload = excluded.payload, version = deliveries.version + 1,
       state = CASE WHEN deliveries.state = 'sending' THEN deliveries.state ELSE 'pending' END,
       updated_at = excluded.updated_at
     WHERE deliveries.payload <> excluded.payload`,
    [
      delivery.key,
      delivery.jobId,
      delivery.kind,
      delivery.inThread,
      JSON.stringify(delivery.payload),
      channel,
      delivery.to?.threadTs ?? null,
      delivery.to !== undefined,
      now,
    ],
  );
}

/** A write is due when it waits and its time came, or when the writer that was sending it is gone. */
const DUE = `((d.state = 'pending' AND d.not_before <= ?) OR d.state = 'sending')`;

export function sqlOutboxStore(sql: Sql): OutboxStore {
  return {
    enqueue: (delivery, now) => enqueueDelivery(sql, delivery, now),

    async claimChannels(owner, now, leaseMs, limit) {
      const rows = await claimDue(sql, {
        table: 'channels',
        key: 'channel',
        // Driven from the due writes (their index finds the few that are due), never from every channel ever
        // written to: with thousands of quiet channels, a check per channel made each claim slow.
        due: `channel IN (SELECT d.channel FROM deliveries AS d WHERE ${DUE}) AND lease_until < ? AND next_write_at <= ?`,
        params: [now, now, now],
        order: 'next_write_at',
        owner,
        now,
        leaseMs,
        limit,
      });
      return rows.map((row) => read.str(row.channel));
    },

    async dueIn(channel, now, limit) {
      const rows = await sql.all(
        `SELECT * FROM deliveries AS d WHERE d.channel = ? AND ${DUE}
         ORDER BY CASE WHEN d.ts IS NULL THEN 0 ELSE 1 END, d.seq LIMIT ?`,
        [channel, now, limit],
      );
      // The channel was free, so a write still 'sending' was left by a writer that died mid-call.
      return rows.map((row) => ({
        ...toDelivery(row),
        uncertain: read.bool(row.uncertain) || row.state === 'sending',
      }));
    },

    async markSending(key, now) {
      await sql.run(
        `UPDATE deliveries SET state = 'sending', attempts = attempts + 1, updated_at = ? WHERE key = ?`,
        [now, key],
      );
    },

    async completeDelivery(key, version, ts, now) {
      await sql.run(
        `UPDATE deliveries SET ts = coalesce(?, ts),
           sent_payload = CASE WHEN version = ? THEN payload ELSE sent_payload END,
           state = CASE WHEN version = ? THEN 'done' ELSE 'pending' END, not_before = 0, failures = 0,
           uncertain = FALSE, updated_at = ?
         WHERE key = ?`,
        [ts, version, version, now, key],
      );
    },

    async deferDelivery(key, notBefore, outcome) {
      await sql.run(
        `UPDATE deliveries SET state = 'pending', not_before = ?, uncertain = (uncertain OR ?),
           failures = failures + CASE WHEN ? THEN 1 ELSE 0 END
         WHERE key = ?`,
        [notBefore, outcome.uncertain, outcome.failed, key],
      );
    },

    async releaseChannel(channel, owner, nextWriteAt) {
      await sql.run(
        'UPDATE channels SET lease_until = 0, next_write_at = ? WHERE channel = ? AND lease_owner = ?',
        [nextWriteAt, channel, owner],
      );
    },

    async getDelivery(key) {
      const row = await sql.get('SELECT * FROM deliveries WHERE key = ?', [key]);
      return row ? toDelivery(row) : undefined;
    },

    async deliveriesOf(jobId) {
      return (await sql.all('SELECT * FROM deliveries WHERE job_id = ? ORDER BY seq', [jobId])).map(
        toDelivery,
      );
    },
  };
}

function toDelivery(row: Row): Delivery {
  const channel = read.str(row.channel);
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
    attempts: read.num(row.attempts),
    failures: read.num(row.failures),
    version: read.num(row.version),
    uncertain: read.bool(row.uncertain),
    updatedAt: read.num(row.updated_at),
    ...(read.bool(row.standalone) ? { to: { channel, threadTs: read.strOrNull(row.thread_ts) } } : {}),
  };
}
