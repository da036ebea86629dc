// What a local file is, from its first bytes, before it is uploaded: a project is made from a video, so an
// image, an audio file or a text file is refused here, in the CLI's words, instead of after a full upload by
// the service. For MP4 and QuickTime files the duration is read too (the `mvhd` box), so the minutes a dub
// needs are known before anything is sent, and whether it has a sound track at all: a video without one has
// nothing to dub and is refused before it is uploaded and charged. Formats not recognized here, and the tracks
// of containers other than MP4 and QuickTime, are left to the service to judge.
import { type FileHandle, open } from 'node:fs/promises';
import { looksBinary } from '@dubkit/srt';

export type FileKind = 'video' | 'audio' | 'image' | 'text' | 'unknown';

export interface MediaFile {
  kind: FileKind;
  /** `MP4`, `PNG`, `MP3`… when recognized. */
  format?: string;
  /** Seconds, when the container says (MP4, QuickTime). */
  durationSeconds?: number;
  /** Whether the video has a sound track, when the container was read (MP4, QuickTime). */
  audio?: boolean;
}

const HEAD_BYTES = 4096;
/** Enough top-level boxes for any real MP4 (ftyp, free, mdat, moov, a few more); bounds a hostile file. */
const MAX_BOXES = 64;

function startsWith(head: Buffer, bytes: number[], at = 0): boolean {
  return bytes.every((byte, i) => head[at + i] === byte);
}

const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1');

function sniff(head: Buffer): MediaFile {
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', format: 'M4A' };
    if (brand === 'heic' || brand === 'avif') return { kind: 'image', format: brand.toUpperCase() };
    return { kind: 'video', format: brand === 'qt  ' ? 'QuickTime' : 'MP4' };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', format: 'Matroska/WebM' };
  if (ascii(head, 0, 4) === 'RIFF') {
    const type = ascii(head, 8, 12);
    if (type === 'AVI ') return { kind: 'video', format: 'AVI' };
    if (type === 'WAVE') return { kind: 'audio', format: 'WAV' };
    if (type === 'WEBP') return { kind: 'image', format: 'WebP' };
  }
  if (ascii(head, 0, 3) === 'FLV') return { kind: 'video', format: 'FLV' };
  if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) {
    return { kind: 'audio', format: 'MP3' };
  }
  if (ascii(head, 0, 4) === 'fLaC') return { kind: 'audio', format: 'FLAC' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return { kind: 'image', format: 'PNG' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'JPEG' };
  if (ascii(head, 0, 4) === 'GIF8') return { kind: 'image', format: 'GIF' };
  if (head.length > 0 && !looksBinary(head) && !head.includes(0)) return { kind: 'text' };
  return { kind: 'unknown' };
}

/** A `moov` larger than this is not read (real ones are a few hundred KiB at most): a hostile size is bounded. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

/** The boxes directly inside `body`: type and contents, bounded by MAX_BOXES. */
function boxes(body: Buffer): { type: string; body: Buffer }[] {
  const found: { type: string; body: Buffer }[] = [];
  let offset = 0;
  for (let count = 0; count < MAX_BOXES && offset + 8 <= body.length; count++) {
    let length = body.readUInt32BE(offset);
    let header = 8;
    if (length === 1 && offset + 16 <= body.length) {
      length = Number(body.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (length === 0) {
      length = body.length - offset;
    }
    if (length < header || offset + length > body.length) break;
    found.push({
      type: ascii(body, offset + 4, offset + 8),
      body: body.subarray(offset + header, offset + length),
    });
    offset += length;
  }
  return found;
}

const child = (body: Buffer, type: string) => boxes(body).find((box) => box.type === type)?.body;

/** The `moov` box's contents, found among the file's top-level boxes, or undefined. */
async function readMoov(file: FileHandle, size: number): Promise<Buffer | undefined> {
  const header = Buffer.alloc(16);
  let offset = 0;
  for (let count = 0; count < MAX_BOXES && offset + 8 <= size; count++) {
    await file.read(header, 0, 16, offset);
    let length = header.readUInt32BE(0);
    const type = ascii(header, 4, 8);
    let body = 8;
    if (length === 1) {
      length = Number(header.readBigUInt64BE(8));
      body = 16;
    } else if (length === 0) {
      length = size - offset;
    }
    if (length < body) return undefined;
    if (type === 'moov') {
      const bytes = Math.min(length, size - offset) - body;
      if (bytes > MAX_MOOV_BYTES) return undefined;
      const moov = Buffer.alloc(bytes);
      await file.read(moov, 0, bytes, offset + body);
      return moov;
    }
    offset += length;
  }
  return undefined;
}

/** The duration in `mvhd`, in seconds, or undefined. */
function mvhdDuration(moov: Buffer): number | undefined {
  const mvhd = child(moov, 'mvhd');
  if (!mvhd || mvhd.length < 32) return undefined;
  const version = mvhd[0];
  const timescale = version === 1 ? mvhd.readUInt32BE(20) : mvhd.readUInt32BE(12);
  const duration = version === 1 ? Number(mvhd.readBigUInt64BE(24)) : mvhd.readUInt32BE(16);
  return timescale > 0 ? duration / timescale : undefined;
}

/** Whether a track's handler (`trak/mdia/hdlr`) is `soun`: the file carries sound to dub. */
function hasSoundTrack(moov: Buffer): boolean {
  return boxes(moov).some((box) => {
    if (box.type !== 'trak') return false;
    const mdia = child(box.body, 'mdia');
    const hdlr = mdia && child(mdia, 'hdlr');
    return hdlr !== undefined && hdlr.length >= 12 && ascii(hdlr, 8, 12) === 'soun';
  });
}

export async function inspectMediaFile(path: string): Promise<MediaFile> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await file.read(head, 0, head.length, 0);
    const found = sniff(head);
    if (found.kind === 'video' && (found.format === 'MP4' || found.format === 'QuickTime')) {
      const moov = await readMoov(file, size);
      if (moov) {
        const durationSeconds = mvhdDuration(moov);
        if (durationSeconds !== undefined) found.durationSeconds = durationSeconds;
        found.audio = hasSoundTrack(moov);
      }
    }
    return found;
  } finally {
    await file.close();
  }
}
