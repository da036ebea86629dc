// Channels on autopilot in SQL: one row of settings per channel, and one count per channel and period. A start
// reserves its minutes with one conditional UPDATE of that count in the transaction that starts the job: on
// PostgreSQL a second replica's UPDATE waits for the first to commit and then sees its count, so the last
// minutes go to one job only.
import type { CapPeriod } from '../../domain/autopilot.ts';
import type { AutopilotStore } from '../autopilot.ts';
import { startIn } from './jobs.ts';
import { read, type Sql } from './port.ts';

/** Thrown inside a start's transaction when the minutes do not fit: undoes the start. */
class CapReached extends Error {
  readonly used: number;
  constructor(used: number) {
    super('the channel’s autopilot cap is reached');
    this.used = used;
  }
}

export function sqlAutopilotStore(sql: Sql, tenant: string): AutopilotStore {
  const used = async (db: Sql, channel: string, periodStart: number) => {
    const row = await db.get(
      'SELECT used FROM autopilot_usage WHERE tenant = ? AND channel = ? AND period_start = ?',
      [tenant, channel, periodStart],
    );
    return row ? read.num(row.used) : 0;
  };
  return {
    async channelAutopilot(channel) {
      const row = await sql.get('SELECT * FROM channel_autopilot WHERE tenant = ? AND channel = ?', [
        tenant,
        channel,
      ]);
      if (!row) return undefined;
      return {
        channel: read.str(row.channel),
        dstLangs: read.json<string[]>(row.dst_langs),
        capMinutes: read.num(row.cap_minutes),
        period: read.str(row.period) as CapPeriod,
        mode: read.str(row.mode) === 'wait' ? 'wait' : 'start',
        updatedBy: read.str(row.updated_by),
        updatedAt: read.num(row.updated_at),
      };
    },
    async saveChannelAutopilot(s) {
      await sql.run(
        `INSERT INTO channel_autopilot (tenant, channel, dst_langs, cap_minutes, period, mode, updated_by,
           updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant, channel) DO UPDATE SET dst_langs = excluded.dst_langs, cap_minutes = excluded.cap_minutes,
           period = excluded.period, mode = excluded.mode, updated_by = excluded.updated_by,
           updated_at = excluded.updated_at`,
        [
          tenant,
          s.channel,
          JSON.stringify(s.dstLangs),
          s.capMinutes,
          s.period,
          s.mode,
          s.updatedBy,
          s.updatedAt,
        ],
      );
    },
    autopilotUsed: (channel, periodStart) => used(sql, channel, periodStart),
    async startJobCharged(jobId, choice, now, startedBy, charge, mark) {
      try {
        return await sql.transaction(async (tx) => {
          const job = await startIn(tx, tenant, jobId, choice, now, startedBy);
          if (!job) return { kind: 'gone' as const };
          await tx.run(
            `INSERT INTO autopilot_usage (tenant, channel, period_start, used) VALUES (?, ?, ?, 0)
             ON CONFLICT (tenant, channel, period_start) DO NOTHING`,
            [tenant, charge.channel, charge.periodStart],
          );
          const counted = await tx.run(
            `UPDATE autopilot_usage SET used = used + ? WHERE tenant = ? AND channel = ? AND period_start = ?
               AND (? OR used + ? <= ?)`,
            [
              charge.minutes,
              tenant,
              charge.channel,
              charge.periodStart,
              charge.cap === null,
              charge.minutes,
              charge.cap ?? 0,
            ],
          );
          const count = await used(tx, charge.channel, charge.periodStart);
          if (counted === 0) throw new CapReached(count);
          const marked = { ...mark, used: count };
          await tx.run('UPDATE jobs SET autopilot = ?, autopilot_due = FALSE WHERE tenant = ? AND id = ?', [
            JSON.stringify(marked),
            tenant,
            jobId,
          ]);
          return { kind: 'started' as const, job: { ...job, autopilot: marked }, used: count };
        });
      } catch (error) {
        if (error instanceof CapReached) return { kind: 'capped', used: error.used };
        throw error;
      }
    },
    async markAutopilot(jobId, mark) {
      await sql.run('UPDATE jobs SET autopilot = ?, autopilot_due = ? WHERE tenant = ? AND id = ?', [
        JSON.stringify(mark),
        mark.state === 'pending',
        tenant,
        jobId,
      ]);
    },
  };
}
