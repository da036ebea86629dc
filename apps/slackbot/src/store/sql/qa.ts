// A channel's QA settings in SQL: one row per channel that chose.
import type { LintPreset } from '@dubkit/srt';
import type { QaSettingsStore } from '../qa.ts';
import { read, type Sql } from './port.ts';

export function sqlQaSettingsStore(sql: Sql, tenant: string): QaSettingsStore {
  return {
    async channelQa(channel) {
      const row = await sql.get('SELECT * FROM channel_qa WHERE tenant = ? AND channel = ?', [
        tenant,
        channel,
      ]);
      if (!row) return undefined;
      return {
        channel: read.str(row.channel),
        enabled: read.bool(row.enabled),
        preset: read.str(row.preset) as LintPreset,
        updatedBy: read.str(row.updated_by),
        updatedAt: read.num(row.updated_at),
      };
    },
    async saveChannelQa(settings) {
      await sql.run(
        `INSERT INTO channel_qa (tenant, channel, enabled, preset, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant, channel) DO UPDATE SET enabled = excluded.enabled, preset = excluded.preset,
           updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        [tenant, settings.channel, settings.enabled, settings.preset, settings.updatedBy, settings.updatedAt],
      );
    },
  };
}
