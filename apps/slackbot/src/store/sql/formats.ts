// A channel's delivery formats in SQL: one row per channel that chose.
import type { SubtitleFormat } from '@dubkit/subtitles';
import type { FormatSettingsStore } from '../formats.ts';
import { read, type Sql } from './port.ts';

export function sqlFormatSettingsStore(sql: Sql, tenant: string): FormatSettingsStore {
  return {
    async channelFormats(channel) {
      const row = await sql.get('SELECT * FROM channel_formats WHERE tenant = ? AND channel = ?', [
        tenant,
        channel,
      ]);
      if (!row) return undefined;
      return {
        channel: read.str(row.channel),
        formats: read.json<SubtitleFormat[]>(row.formats),
        updatedBy: read.str(row.updated_by),
        updatedAt: read.num(row.updated_at),
      };
    },
    async saveChannelFormats(settings) {
      await sql.run(
        `INSERT INTO channel_formats (tenant, channel, formats, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (tenant, channel) DO UPDATE SET formats = excluded.formats, updated_by = excluded.updated_by,
           updated_at = excluded.updated_at`,
        [tenant, settings.channel, JSON.stringify(settings.formats), settings.updatedBy, settings.updatedAt],
      );
    },
  };
}
