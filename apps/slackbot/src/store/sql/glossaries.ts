// Glossaries and channel settings in SQL. A glossary's name is unique whatever its case.
import type {
  ChannelSettings,
  GlossaryImport,
  GlossaryRecord,
  GlossaryStore,
  TermbaseOffer,
} from '../glossaries.ts';
import { enqueueDelivery } from './outbox.ts';
import { claimDue, type Row, read, type Sql } from './port.ts';

async function insertImport(
  sql: Sql,
  tenant: string,
  request: Omit<GlossaryImport, 'failures'>,
  now: number,
) {
  return sql.run(
    `INSERT INTO glossary_imports (tenant, key, channel, thread_ts, url, file_name, name, src_lang, dst_lang, user_id,
       make_default, offer_id, state, next_try_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)
     ON CONFLICT (tenant, key) DO NOTHING`,
    [
      tenant,
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
      request.offerId ?? null,
      now,
      now,
    ],
  );
}

export function sqlGlossaryStore(sql: Sql, tenant: string): GlossaryStore {
  return {
    async requestImport(request, now) {
      return (await insertImport(sql, tenant, request, now)) === 1;
    },
    async claimImports(owner, now, leaseMs, limit) {
      const rows = await claimDue(sql, {
        table: 'glossary_imports',
        tenant,
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
          `UPDATE glossary_imports SET state = 'done', lease_until = 0
           WHERE tenant = ? AND key = ? AND state = 'pending'`,
          [tenant, key],
        );
        if (done !== 1) return;
        await enqueueDelivery(tx, tenant, report, now);
        // The glossaries chosen from a termbase are made: its file is not read again.
        await tx.run(
          `UPDATE termbase_offers SET file = '' WHERE tenant = ? AND id = (
             SELECT offer_id FROM glossary_imports WHERE tenant = ? AND key = ?)`,
          [tenant, tenant, key],
        );
      }),
    async deferImport(key, notBefore) {
      await sql.run(
        `UPDATE glossary_imports SET next_try_at = ?, failures = failures + 1, lease_until = 0
         WHERE tenant = ? AND key = ?`,
        [notBefore, tenant, key],
      );
    },
    offerTermbase: (offer, message, now) =>
      sql.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO termbase_offers (tenant, id, import_key, channel, thread_ts, user_id, file_name, name,
             make_default, file, languages, source, chosen, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)
           ON CONFLICT (tenant, import_key) DO NOTHING`,
          [
            tenant,
            offer.id,
            offer.importKey,
            offer.channel,
            offer.threadTs,
            offer.userId,
            offer.fileName,
            offer.name,
            offer.makeDefault,
            offer.file,
            JSON.stringify(offer.languages),
            offer.source,
            offer.createdAt,
          ],
        );
        const done = await tx.run(
          `UPDATE glossary_imports SET state = 'done', lease_until = 0
           WHERE tenant = ? AND key = ? AND state = 'pending'`,
          [tenant, offer.importKey],
        );
        if (done === 1) await enqueueDelivery(tx, tenant, message, now);
      }),
    async termbaseOffer(id) {
      const row = await sql.get('SELECT * FROM termbase_offers WHERE tenant = ? AND id = ?', [tenant, id]);
      return row ? toOffer(row) : undefined;
    },
    expireTermbaseOffers: (before) =>
      sql.run('DELETE FROM termbase_offers WHERE tenant = ? AND created_at < ? AND chosen IS NULL', [
        tenant,
        before,
      ]),
    setTermbaseSource: (id, source, message, now) =>
      sql.transaction(async (tx) => {
        const moved = await tx.run(
          'UPDATE termbase_offers SET source = ? WHERE tenant = ? AND id = ? AND chosen IS NULL',
          [source, tenant, id],
        );
        if (moved === 1) await enqueueDelivery(tx, tenant, message, now);
        return moved === 1;
      }),
    chooseTermbase: (id, choice, request, message, now) =>
      sql.transaction(async (tx) => {
        const chosen = await tx.run(
          'UPDATE termbase_offers SET chosen = ? WHERE tenant = ? AND id = ? AND chosen IS NULL AND source = ?',
          [JSON.stringify(choice.pairIds), tenant, id, choice.source],
        );
        if (chosen !== 1) return false;
        await insertImport(tx, tenant, request, now);
        await enqueueDelivery(tx, tenant, message, now);
        return true;
      }),
    saveGlossary: (glossary) =>
      sql.transaction(async (tx) => {
        // One name, one glossary: a new id for a name already known replaces the old record.
        await tx.run('DELETE FROM glossaries WHERE tenant = ? AND lower(name) = lower(?) AND id <> ?', [
          tenant,
          glossary.name,
          glossary.id,
        ]);
        // The id is the service's: another tenant's glossary of the same id is never overwritten.
        await tx.run(
          `INSERT INTO glossaries (tenant, id, name, src_lang, dst_lang, version, channel, created_by, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, version = excluded.version,
             updated_at = excluded.updated_at WHERE glossaries.tenant = excluded.tenant`,
          [
            tenant,
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
      return (await sql.all('SELECT * FROM glossaries WHERE tenant = ? ORDER BY lower(name)', [tenant])).map(
        toGlossary,
      );
    },
    async getGlossary(id) {
      const row = await sql.get('SELECT * FROM glossaries WHERE tenant = ? AND id = ?', [tenant, id]);
      return row ? toGlossary(row) : undefined;
    },
    async findGlossary(name) {
      const row = await sql.get('SELECT * FROM glossaries WHERE tenant = ? AND lower(name) = lower(?)', [
        tenant,
        name.trim(),
      ]);
      return row ? toGlossary(row) : undefined;
    },
    async deleteGlossary(id) {
      await sql.run('DELETE FROM glossaries WHERE tenant = ? AND id = ?', [tenant, id]);
    },
    async channelSettings(channel) {
      const row = await sql.get('SELECT * FROM channel_settings WHERE tenant = ? AND channel = ?', [
        tenant,
        channel,
      ]);
      return row ? toSettings(row) : undefined;
    },
    async saveChannelSettings(settings) {
      await sql.run(
        `INSERT INTO channel_settings (tenant, channel, dst_langs, glossary_ids, updated_by, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant, channel) DO UPDATE SET dst_langs = excluded.dst_langs, glossary_ids = excluded.glossary_ids,
           updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        [
          tenant,
          settings.channel,
          JSON.stringify(settings.dstLangs),
          JSON.stringify(settings.glossaryIds),
          settings.updatedBy,
          settings.updatedAt,
        ],
      );
    },
    async channelSettingsBy(userId) {
      const rows = await sql.all(
        'SELECT * FROM channel_settings WHERE tenant = ? AND updated_by = ? ORDER BY channel',
        [tenant, userId],
      );
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
    ...(row.offer_id !== null && row.offer_id !== undefined && { offerId: read.str(row.offer_id) }),
  };
}

function toOffer(row: Row): TermbaseOffer {
  return {
    id: read.str(row.id),
    importKey: read.str(row.import_key),
    channel: read.str(row.channel),
    threadTs: read.strOrNull(row.thread_ts),
    userId: read.str(row.user_id),
    fileName: read.str(row.file_name),
    name: read.str(row.name),
    makeDefault: read.bool(row.make_default),
    file: read.str(row.file),
    languages: read.json<string[]>(row.languages),
    source: read.num(row.source),
    chosen: row.chosen === null || row.chosen === undefined ? null : read.json<string[]>(row.chosen),
    createdAt: read.num(row.created_at),
  };
}
