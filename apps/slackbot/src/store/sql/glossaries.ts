// Glossaries and channel settings in SQL. A glossary's name is unique whatever its case.
import type { ChannelSettings, GlossaryImport, GlossaryRecord, GlossaryStore } from '../glossaries.ts';
import { enqueueDelivery } from './outbox.ts';
import { claimDue, type Row, read, type Sql } from './port.ts';

export function sqlGlossaryStore(sql: Sql): GlossaryStore {
  return {
    async requestImport(request, now) {
      const inserted = await sql.run(
        `INSERT INTO glossary_imports (key, channel, thread_ts, url, file_name, name, src_lang, dst_lang, user_id,
           make_default, state, next_try_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)
         ON CONFLICT (key) DO NOTHING`,
        [
          request.key,
          request.channel,
          request.threadTs,
          request.url,
          request.fileName,
          request.name,
          request.srcLang,
          request.dstLang,
          request.userId,
          request.makeDefault,
          now,
          now,
        ],
      );
      return inserted === 1;
    },
    async claimImports(owner, now, leaseMs, limit) {
      const rows = await claimDue(sql, {
        table: 'glossary_imports',
        key: 'key',
        due: `state = 'pending' AND next_try_at <= ? AND lease_until < ?`,
        params: [now, now],
        order: 'next_try_at',
        owner,
        now,
        leaseMs,
        limit,
      });
      return rows.map(toImport);
    },
    finishImport: (key, report, now) =>
      sql.transaction(async (tx) => {
        const done = await tx.run(
          `UPDATE glossary_imports SET state = 'done', lease_until = 0 WHERE key = ? AND state = 'pending'`,
          [key],
        );
        if (done === 1) await enqueueDelivery(tx, report, now);
      }),
    async deferImport(key, notBefore) {
      await sql.run(
        'UPDATE glossary_imports SET next_try_at = ?, failures = failures + 1, lease_until = 0 WHERE key = ?',
        [notBefore, key],
      );
    },
    saveGlossary: (glossary) =>
      sql.transaction(async (tx) => {
        // One name, one glossary: a new id for a name already known replaces the old record.
        await tx.run('DELETE FROM glossaries WHERE lower(name) = lower(?) AND id <> ?', [
          glossary.name,
          glossary.id,
        ]);
        await tx.run(
          `INSERT INTO glossaries (id, name, src_lang, dst_lang, version, channel, created_by, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, version = excluded.version,
             updated_at = excluded.updated_at`,
          [
            glossary.id,
            glossary.name,
            glossary.srcLang,
            glossary.dstLang,
            glossary.version,
            glossary.channel,
            glossary.createdBy,
            glossary.updatedAt,
          ],
        );
      }),
    async glossaries() {
      return (await sql.all('SELECT * FROM glossaries ORDER BY lower(name)')).map(toGlossary);
    },
    async getGlossary(id) {
      const row = await sql.get('SELECT * FROM glossaries WHERE id = ?', [id]);
      return row ? toGlossary(row) : undefined;
    },
    async findGlossary(name) {
      const row = await sql.get('SELECT * FROM glossaries WHERE lower(name) = lower(?)', [name.trim()]);
      return row ? toGlossary(row) : undefined;
    },
    async deleteGlossary(id) {
      await sql.run('DELETE FROM glossaries WHERE id = ?', [id]);
    },
    async channelSettings(channel) {
      const row = await sql.get('SELECT * FROM channel_settings WHERE channel = ?', [channel]);
      return row ? toSettings(row) : undefined;
    },
    async saveChannelSettings(settings) {
      await sql.run(
        `INSERT INTO channel_settings (channel, dst_langs, glossary_ids, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (channel) DO UPDATE SET dst_langs = excluded.dst_langs, glossary_ids = excluded.glossary_ids,
           updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        [
          settings.channel,
          JSON.stringify(settings.dstLangs),
          JSON.stringify(settings.glossaryIds),
          settings.updatedBy,
          settings.updatedAt,
        ],
      );
    },
    async channelSettingsBy(userId) {
      const rows = await sql.all('SELECT * FROM channel_settings WHERE updated_by = ? ORDER BY channel', [
        userId,
      ]);
      return rows.map(toSettings);
    },
  };
}

function toSettings(row: Row): ChannelSettings {
  return {
    channel: read.str(row.channel),
    dstLangs: read.json<string[]>(row.dst_langs),
    glossaryIds: read.json<string[]>(row.glossary_ids),
    updatedBy: read.str(row.updated_by),
    updatedAt: read.num(row.updated_at),
  };
}

function toGlossary(row: Row): GlossaryRecord {
  return {
    id: read.str(row.id),
    name: read.str(row.name),
    srcLang: read.str(row.src_lang),
    dstLang: read.str(row.dst_lang),
    version: read.num(row.version),
    channel: read.str(row.channel),
    createdBy: read.str(row.created_by),
    updatedAt: read.num(row.updated_at),
  };
}

function toImport(row: Row): GlossaryImport {
  return {
    key: read.str(row.key),
    channel: read.str(row.channel),
    threadTs: read.strOrNull(row.thread_ts),
    url: read.str(row.url),
    fileName: read.str(row.file_name),
    name: read.str(row.name),
    srcLang: read.strOrNull(row.src_lang),
    dstLang: read.strOrNull(row.dst_lang),
    userId: read.str(row.user_id),
    makeDefault: read.bool(row.make_default),
    failures: read.num(row.failures),
  };
}
