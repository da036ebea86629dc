// A channel's approvers in SQL: one row per channel and approver, so a person's channels are one indexed read.
import type { ApproverStore } from '../approvers.ts';
import { read, type Sql } from './port.ts';

export function sqlApproverStore(sql: Sql, tenant: string): ApproverStore {
  return {
    async channelApprovers(channel) {
      const rows = await sql.all(
        'SELECT user_id FROM channel_approvers WHERE tenant = ? AND channel = ? ORDER BY position',
        [tenant, channel],
      );
      return rows.map((row) => read.str(row.user_id));
    },
    saveChannelApprovers: (approvers) =>
      sql.transaction(async (tx) => {
        await tx.run('DELETE FROM channel_approvers WHERE tenant = ? AND channel = ?', [
          tenant,
          approvers.channel,
        ]);
        const unique = [...new Set(approvers.userIds)];
        for (const [position, userId] of unique.entries())
          await tx.run(
            `INSERT INTO channel_approvers (tenant, channel, user_id, position, updated_by, updated_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
            [tenant, approvers.channel, userId, position, approvers.updatedBy, approvers.updatedAt],
          );
      }),
    async channelsApprovedBy(userId) {
      const rows = await sql.all(
        'SELECT channel FROM channel_approvers WHERE tenant = ? AND user_id = ? ORDER BY channel',
        [tenant, userId],
      );
      return rows.map((row) => read.str(row.channel));
    },
  };
}
