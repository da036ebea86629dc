// The outbox in SQL: enqueue replaces a key's payload (a newer version) only when it changed, claims lease
// due writes in order of arrival, and a completion counts only for the version that was sent.
import type { Delivery, DeliveryInput, OutboxStore } from '../outbox.ts';
import { claimDue, type Row, read, type Sql } from './port.ts';

/** Also used inside other aggregates' transactions (a poll's outcome and the writes it causes). */
export async function enqueueDelivery(sql: Sql, delivery: DeliveryInput, now: number): Promise<void> {
  await sql.run(
    `INSERT INTO deliveries (key, job_id, kind, in_thread, payload, channel, thread_ts, state, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?)
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
      delivery.to?.channel ?? null,
      delivery.to?.threadTs ?? null,
      now,
    ],
  );
}

export function sqlOutboxStore(sql: Sql): OutboxStore {
  return {
    enqueue: (delivery, now) => enqueueDelivery(sql, delivery, now),

    async claimDeliveries(owner, now, leaseMs, limit) {
      const rows = await claimDue(sql, {
        table: 'deliveries',
        key: 'seq',
        // A write left 'sending' by a holder whose lease ran out may have reached Slack: it becomes uncertain.
        due: `(state = 'pending' AND not_before <= ?) OR (state = 'sending' AND lease_until < ?)`,
        params: [now, now],
        order: 'seq',
        set: `attempts = attempts + 1, state = 'sending',
          uncertain = CASE WHEN state = 'sending' THEN TRUE ELSE uncertain END`,
        owner,
        now,
        leaseMs,
        limit,
      });
      return rows.map(toDelivery).sort((a, b) => a.seq - b.seq);
    },

    async completeDelivery(key, version, ts, now) {
      await sql.run(
        `UPDATE deliveries SET ts = coalesce(?, ts),
           sent_payload = CASE WHEN version = ? THEN payload ELSE sent_payload END,
           state = CASE WHEN version = ? THEN 'done' ELSE 'pending' END, not_before = 0, lease_until = 0,
           uncertain = FALSE, updated_at = ?
         WHERE key = ?`,
        [ts, version, version, now, key],
      );
    },

    async deferDelivery(key, notBefore, uncertain) {
      await sql.run(
        `UPDATE deliveries SET state = 'pending', not_before = ?, lease_until = 0, uncertain = (uncertain OR ?)
         WHERE key = ?`,
        [notBefore, uncertain, key],
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
  return {
    seq: read.num(row.seq),
    key: read.str(row.key),
    jobId: read.str(row.job_id),
    kind: read.str(row.kind) as Delivery['kind'],
    inThread: read.bool(row.in_thread),
    payload: read.json(row.payload),
    state: read.str(row.state) as Delivery['state'],
    ts: read.strOrNull(row.ts),
    attempts: read.num(row.attempts),
    version: read.num(row.version),
    uncertain: read.bool(row.uncertain),
    ...(row.channel === null || row.channel === undefined
      ? {}
      : { to: { channel: read.str(row.channel), threadTs: read.strOrNull(row.thread_ts) } }),
  };
}
