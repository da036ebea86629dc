// Media records: file uploads streamed to disk and inspected, links (synthetic for the big hosts, fetched
// only from allowed hosts), and the record's JSON shape.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { iso } from '../clock.ts';
import { tooLarge } from '../http/body.ts';
import { HttpError, invalid, mediaCreationError } from '../http/errors.ts';
import { readMultipart } from '../http/multipart.ts';
import type { Account, Media } from '../model.ts';
import { seedOf } from '../projects/synth.ts';
import type { EmulatorState } from '../state.ts';
import { type Inspection, inspectFile, type MediaKind } from './inspect.ts';

/** A newly created media record shows `processing` for this long at speed 1. */
const MEDIA_PROCESSING_MS = 2000;
/** The bytes behind synthetic link media: a 2-second clip shipped with the package. */
const STAND_IN = fileURLToPath(new URL('../../assets/stand-in.mp4', import.meta.url));

/** Text fields of an upload (`name`) are short. */
const MAX_NAME_BYTES = 64 * 1024;

export function findMedia(state: EmulatorState, account: Account, id: string): Media {
  const media = state.media.get(id);
  if (!media || media.account !== account) {
    throw new HttpError(404, { status: 'not_found', status_code: 404, detail: 'Media not found' });
  }
  return media;
}

/**
 * The record as seen at `at`. Creation answers pass the creation time, so that a new record always shows
 * `processing` as the service documents, however long the inspection or a loaded machine took.
 */
export function mediaView(state: EmulatorState, media: Media, at = state.clock.now()) {
  const ready = at >= media.readyAt;
  return {
    kind: media.kind,
    status: ready ? 'ready' : 'processing',
    mime_type: media.mimeType,
    user_id: media.account.userId,
    // `{}` while processing, not null: the vendor's SDK reads an object there (docs/service.md).
    meta: ready ? media.meta : {},
    name: media.name,
    id: media.id,
    created_at: iso(media.createdAt),
    updated_at: iso(ready ? media.readyAt : media.createdAt),
    path: `media/${media.id}/${media.fileName}`,
    url: state.fileUrl(`media/${media.id}/${media.fileName}`),
    preview: null,
  };
}

/** A URL-safe file name ending in the detected extension. */
function safeFileName(name: string | undefined, ext: string): string {
  const stem = (name ?? '')
    .replace(/\.[^.]{1,5}$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 80);
  return `${stem || 'media'}.${ext}`;
}

interface Stored {
  path: string;
  fingerprint: string;
}

/** Streams `source` into the file at `path` with back-pressure; resolves with the sha256 of the bytes. */
async function storeHashed(source: AsyncIterable<Uint8Array>, path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Uint8Array>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        yield chunk;
      }
    },
    createWriteStream(path),
  );
  return hash.digest('hex');
}

function newMedia(
  state: EmulatorState,
  account: Account,
  fields: { id: string; name: string | null; stored: Stored; inspection: Inspection; fileName: string },
  link?: { url: string; sourceType: Media['sourceType']; forbidden: boolean },
): Media {
  const now = state.clock.now();
  const { inspection } = fields;
  const media: Media = {
    id: fields.id,
    account,
    kind: inspection.kind,
    mimeType: inspection.mimeType,
    ext: inspection.ext,
    name: fields.name,
    createdAt: now,
    readyAt: now + MEDIA_PROCESSING_MS / state.speed,
    meta: inspection.meta,
    filePath: fields.stored.path,
    fileName: fields.fileName,
    fingerprint: fields.stored.fingerprint,
    durationSeconds: inspection.durationSeconds,
    hasAudio: inspection.hasAudio,
    sourceType: link?.sourceType ?? 'local',
    link: link?.url,
    forbidden: link?.forbidden ?? false,
  };
  state.media.set(media.id, media);
  return media;
}

async function inspectOrDiscard(path: string, claimed: MediaKind | undefined): Promise<Inspection> {
  try {
    const inspection = await inspectFile(path);
    if (claimed && claimed !== inspection.kind) {
      throw mediaCreationError(
        'media_mime_type_non_acceptable',
        `The file is ${inspection.kind} (${inspection.mimeType}), not ${claimed} as the kind parameter says`,
      );
    }
    return inspection;
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/**
 * POST /api/library/v1/media: the `data` part goes straight to disk (413 past `maxUploadBytes`), then the file
 * is inspected.
 */
export async function uploadMedia(
  state: EmulatorState,
  account: Account,
  incoming: IncomingMessage,
  kind: MediaKind | undefined,
) {
  const id = randomUUID();
  const path = join(state.options.dataDir, 'media', id);
  let stored: Stored | undefined;
  let uploadedName: string | undefined;
  let fields: Map<string, string[]>;
  try {
    ({ fields } = await readMultipart(
      incoming,
      // `data` and perhaps a stray file or two; `name`; a few more fields are refused with 413, not read.
      { fileBytes: state.options.maxUploadBytes, files: 4, fields: 16, fieldBytes: MAX_NAME_BYTES },
      async (part) => {
        if (part.name !== 'data' || stored || uploadedName !== undefined) {
          part.stream.resume();
          return;
        }
        uploadedName = part.filename;
        stored = { path, fingerprint: await storeHashed(part.stream, path) };
      },
    ));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  if (!stored) {
    const hint = fields.has('data') ? 'data must be a file part (with a filename)' : 'Field required';
    throw invalid(['body', 'data'], hint, 'missing');
  }
  const inspection = await inspectOrDiscard(path, kind);
  const name = fields.get('name')?.[0] ?? uploadedName ?? null;
  const media = newMedia(state, account, {
    id,
    name,
    stored,
    inspection,
    fileName: safeFileName(uploadedName ?? name ?? undefined, inspection.ext),
  });
  return mediaView(state, media, media.createdAt);
}

/** source_type by host (docs/service.md). */
export function sourceTypeOf(link: URL): Media['sourceType'] {
  const host = link.hostname.toLowerCase();
  const is = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (is('youtube.com') || host === 'youtu.be') return 'youtube';
  if (host === 'drive.google.com' || host === 'docs.google.com') return 'gdrive';
  if (is('vimeo.com')) return 'vimeo';
  if (link.protocol === 's3:' || /(^|\.)s3[.-]([a-z0-9-]+\.)?amazonaws\.com$/.test(host)) return 's3';
  return 'any';
}

/** The pretend media behind a YouTube, Drive, Vimeo or S3 link: the emulator has no internet. */
function syntheticInspection(fingerprint: string, kind: MediaKind): Inspection {
  const seed = seedOf(fingerprint);
  const duration = 30 + (seed % 271);
  const audio = {
    size_bytes: duration * 250_000,
    original_meta: null,
    duration_seconds: duration,
    audio_rate: 44100,
    audio_layout: 'stereo',
    audio_channels: 2,
    audio_codec_name: 'aac',
  };
  if (kind === 'audio') {
    return {
      kind,
      mimeType: 'audio/mp4',
      ext: 'm4a',
      meta: audio,
      durationSeconds: duration,
      hasAudio: true,
    };
  }
  return {
    kind: 'video',
    mimeType: 'video/mp4',
    ext: 'mp4',
    durationSeconds: duration,
    hasAudio: true,
    meta: {
      ...audio,
      video_codec_name: 'h264',
      video_frame_rate: 25,
      video_frame_width: 1280,
      video_frame_height: 720,
    },
  };
}

/** The bytes of `source`, failing with 413 as soon as they pass `limit` (a server may send more than it said). */
async function* limited(source: AsyncIterable<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > limit) throw tooLarge('The linked file', limit);
    yield chunk;
  }
}

/** POST /api/library/v1/media/link (413 past `maxLinkBytes`). */
export async function linkMedia(
  state: EmulatorState,
  account: Account,
  body: { link: string; name?: string | undefined; kind?: MediaKind | undefined },
) {
  const url = new URL(body.link);
  const sourceType = sourceTypeOf(url);
  // The description allows a null name; the vendor's SDK requires a string (`MediaBase.name: str`). The SDK
  // wins: a link given without a name is named by the link.
  const name = body.name ?? body.link;
  const forbidden = body.link.toLowerCase().includes('private');
  const id = randomUUID();
  const path = join(state.options.dataDir, 'media', id);
  if (sourceType !== 'any' || forbidden) {
    if (body.kind === 'image') {
      throw mediaCreationError(
        'media_process_error',
        'The emulator does not emulate image links; upload the file',
      );
    }
    // The link stands for the bytes: its hash seeds the synthetic meta and, as for uploads, the transcription.
    const fingerprint = createHash('sha256').update(body.link).digest('hex');
    const inspection = syntheticInspection(fingerprint, body.kind ?? 'video');
    await copyFile(STAND_IN, path);
    const media = newMedia(
      state,
      account,
      {
        id,
        name,
        stored: { path, fingerprint },
        inspection,
        fileName: safeFileName(body.name, inspection.ext),
      },
      { url: body.link, sourceType, forbidden },
    );
    return mediaView(state, media, media.createdAt);
  }
  const allowed = state.options.allowLinkHosts.some((host) => host === url.host || host === url.hostname);
  if (!allowed || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw mediaCreationError(
      'media_process_error',
      `The link cannot be fetched: the emulator has no internet access and ${url.host} is not an allowed link host`,
    );
  }
  const limit = state.options.maxLinkBytes;
  let stored: Stored;
  try {
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(30_000) });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    if (Number(response.headers.get('content-length') ?? 0) > limit) {
      body.destroy();
      throw tooLarge('The linked file', limit);
    }
    stored = { path, fingerprint: await storeHashed(limited(body, limit), path) };
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof HttpError) throw error;
    throw mediaCreationError(
      'media_process_error',
      `The link cannot be fetched: ${(error as Error).message}`,
    );
  }
  const inspection = await inspectOrDiscard(path, body.kind);
  const fileName = safeFileName(body.name ?? url.pathname.split('/').pop(), inspection.ext);
  const media = newMedia(
    state,
    account,
    { id, name, stored, inspection, fileName },
    { url: body.link, sourceType, forbidden },
  );
  return mediaView(state, media, media.createdAt);
}
