// The files a project links to: the video (the uploaded bytes, unchanged), synthetic WAV audio that follows the
// current segments, SRT/WebVTT subtitles rendered from the current segments (SRT with @dubkit/srt, WebVTT with
// @dubkit/subtitles' one writer), and a cover.
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { segmentsToSrt } from '@dubkit/srt';
import { subtitlesFromSegments, writeVtt } from '@dubkit/subtitles';
import { WAV_RATE as RATE, sample, wavHeader } from '../audio/wav.ts';
import type { Project } from '../model.ts';
import { segmentsOf, segmentView } from './segments.ts';

export function subtitles(project: Project, format: 'srt' | 'vtt'): string {
  const segments = segmentsOf(project).map((segment) => segmentView(segment, true));
  return format === 'srt' ? segmentsToSrt(segments, 'dst') : writeVtt(subtitlesFromSegments(segments, 'dst'));
}

/**
 * 8 kHz 8-bit mono WAV as long as the project: a tone per segment (pitch by speaker) stands in for the voice;
 * `withBackground` adds a quiet hum for the "voiceover with background" track. Streamed one second at a time.
 */
export function synthesizedAudio(
  project: Project,
  withBackground: boolean,
): { size: number; stream: Readable } {
  const samples = Math.round(project.duration * RATE);
  const spans = segmentsOf(project).map((segment) => ({
    from: Math.floor((segment.startMs / 1000) * RATE),
    to: Math.floor((segment.endMs / 1000) * RATE),
    hz: 220 + 110 * (Number(segment.speaker.slice(8)) % 4),
  }));
  function* chunks() {
    yield wavHeader(samples);
    // Segments are sorted by start, so one cursor walks them along with the samples.
    let cursor = 0;
    for (let start = 0; start < samples; start += RATE) {
      const chunk = Buffer.alloc(Math.min(RATE, samples - start));
      for (let i = 0; i < chunk.length; i++) {
        const n = start + i;
        let value = withBackground ? 6 * Math.sin((2 * Math.PI * 50 * n) / RATE) : 0;
        while (cursor < spans.length && spans[cursor]!.to <= n) cursor++;
        const span = spans[cursor];
        if (span && n >= span.from) value += 60 * Math.sin((2 * Math.PI * span.hz * n) / RATE);
        chunk[i] = sample(value);
      }
      yield chunk;
    }
  }
  return { size: 44 + samples, stream: Readable.from(chunks()) };
}

/**
 * The project's cover: a PNG of the video's frame size (at most 1280×720) in a colour taken from the media's
 * fingerprint. Without a decoder the emulator cannot grab a real frame; this is a real, valid image.
 */
export function coverPng(project: Project): Buffer {
  const meta = project.media.meta as { video_frame_width?: number; video_frame_height?: number };
  const width = Math.max(1, Math.min(1280, meta.video_frame_width ?? 640));
  const height = Math.max(1, Math.min(720, meta.video_frame_height ?? 360));
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(project.media.fingerprint.slice(at, at + 2), 16));
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r!, g!, b!], 1 + x * 3);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
