// Modal grants in SQL: one row per view the app opened.
import type { ModalGrant, ModalStore } from '../modals.ts';
import { type Row, read, type Sql } from './port.ts';

export function sqlModalStore(sql: Sql, tenant: string): ModalStore {
  return {
    async saveModalGrant(grant) {
      await sql.run(
        `INSERT INTO modal_grants (tenant, view_id, opener, channel, thread_ts, callback_id, subject, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (view_id) DO UPDATE SET opener = excluded.opener, channel = excluded.channel,
           thread_ts = excluded.thread_ts, callback_id = excluded.callback_id, subject = excluded.subject,
           created_at = excluded.created_at
         WHERE modal_grants.tenant = excluded.tenant`,
        [
          tenant,
          grant.viewId,
          grant.opener,
          grant.channel,
          grant.threadTs,
          grant.callbackId,
          grant.subject,
          grant.createdAt,
        ],
      );
    },
    async updateModalGrant(viewId, change) {
      await sql.run('UPDATE modal_grants SET callback_id = ?, subject = ? WHERE tenant = ? AND view_id = ?', [
        change.callbackId,
        change.subject,
        tenant,
        viewId,
      ]);
    },
    async modalGrant(viewId) {
      const row = await sql.get('SELECT * FROM modal_grants WHERE tenant = ? AND view_id = ?', [
        tenant,
        viewId,
      ]);
      return row ? toGrant(row) : undefined;
    },
    pruneModalGrants: (before) =>
      sql.run('DELETE FROM modal_grants WHERE tenant = ? AND created_at < ?', [tenant, before]),
  };
}

function toGrant(row: Row): ModalGrant {
  return {
    viewId: read.str(row.view_id),
    opener: read.str(row.opener),
    channel: read.str(row.channel),
    threadTs: read.strOrNull(row.thread_ts),
    callbackId: read.str(row.callback_id),
    subject: read.str(row.subject),
    createdAt: read.num(row.created_at),
  };
}
