// Reads what a stored file really is: MIME type and kind from its bytes (file-type), and its technical
// metadata from the container (mediainfo.js, MediaInfoLib compiled to WebAssembly).
import { open, stat } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import mediaInfoFactory, { type MediaInfo, type MediaInfoResult } from 'mediainfo.js';
import { mediaCreationError } from '../http/errors.ts';

export type MediaKind = 'video' | 'audio' | 'image';

export interface Inspection {
  kind: MediaKind;
  mimeType: string;
  ext: string;
  meta: Record<string, unknown>;
  durationSeconds: number;
  hasAudio: boolean;
}

let analyzer: Promise<MediaInfo<'object'>> | undefined;
/** MediaInfo analyses one file at a time; calls queue up behind each other. */
let queue: Promise<unknown> = Promise.resolve();

async function analyze(path: string, size: number): Promise<MediaInfoResult> {
  analyzer ??= mediaInfoFactory({ format: 'object' });
  const mediainfo = await analyzer;
  const run = queue.then(async () => {
    const handle = await open(path, 'r');
    try {
      return await mediainfo.analyzeData(size, async (length, offset) => {
        const buffer = Buffer.alloc(Math.min(length, Math.max(0, size - offset)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        return buffer.subarray(0, bytesRead);
      });
    } finally {
      await handle.close();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** MediaInfo's format names → the codec names the service reports (ffprobe's). */
const CODEC_NAMES: Record<string, string> = {
  AVC: 'h264',
  HEVC: 'hevc',
  'MPEG-4 Visual': 'mpeg4',
  VP8: 'vp8',
  VP9: 'vp9',
  AV1: 'av1',
  ProRes: 'prores',
  AAC: 'aac',
  'MPEG Audio': 'mp3',
  Opus: 'opus',
  Vorbis: 'vorbis',
  FLAC: 'flac',
  PCM: 'pcm_s16le',
  'AC-3': 'ac3',
  'E-AC-3': 'eac3',
  PNG: 'png',
  JPEG: 'jpeg',
  GIF: 'gif',
  WebP: 'webp',
};
const codecName = (format: unknown) =>
  typeof format === 'string' ? (CODEC_NAMES[format] ?? format.toLowerCase().replace(/\s+/g, '_')) : 'unknown';
const int = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0);

type Track = Record<string, unknown> & { '@type': string };

/**
 * Inspects a stored upload. Throws the documented 400s: `media_mime_type_non_acceptable` when the bytes are not
 * audio, video or an image, `media_broken_error` when they are a known media container that cannot be read.
 */
export async function inspectFile(path: string): Promise<Inspection> {
  const type = await fileTypeFromFile(path);
  const top = type?.mime.split('/')[0];
  if (!type || (top !== 'video' && top !== 'audio' && top !== 'image')) {
    throw mediaCreationError(
      'media_mime_type_non_acceptable',
      `The file is ${type ? type.mime : 'not a recognised media type'}; upload a video, audio or image file`,
    );
  }
  const size = (await stat(path)).size;
  const broken = () =>
    mediaCreationError(
      'media_broken_error',
      `The ${type.mime} file cannot be read: it is damaged or truncated`,
    );
  let result: MediaInfoResult;
  try {
    result = await analyze(path, size);
  } catch {
    throw broken();
  }
  const tracks = (result.media?.track ?? []) as Track[];
  const general = tracks.find((track) => track['@type'] === 'General');
  const video = tracks.find((track) => track['@type'] === 'Video');
  const audio = tracks.find((track) => track['@type'] === 'Audio');
  const image = tracks.find((track) => track['@type'] === 'Image');
  // "Contents of original_meta: not shown" in the description; the vendor's SDK types it as always null
  // (`original_meta: Optional[None]`), so null it is.
  const originalMeta = null;

  if (top === 'image') {
    if (!image) throw broken();
    return {
      kind: 'image',
      mimeType: type.mime,
      ext: type.ext,
      durationSeconds: 0,
      hasAudio: false,
      meta: {
        size_bytes: size,
        original_meta: originalMeta,
        image_width: int(image.Width),
        image_height: int(image.Height),
        image_format: type.ext,
      },
    };
  }
  const duration = Number(general?.Duration ?? video?.Duration ?? audio?.Duration);
  // A known container without readable streams or a duration is damaged (for example cut short).
  if (!Number.isFinite(duration) || duration <= 0 || (!video && !audio)) throw broken();
  const channels = int(audio?.Channels);
  const audioMeta = {
    size_bytes: size,
    original_meta: originalMeta,
    duration_seconds: Math.max(1, Math.round(duration)),
    audio_rate: int(audio?.SamplingRate),
    audio_layout: channels === 1 ? 'mono' : 'stereo',
    audio_channels: channels,
    audio_codec_name: audio ? codecName(audio.Format) : 'none',
  };
  if (video) {
    return {
      kind: 'video',
      mimeType: type.mime,
      ext: type.ext,
      durationSeconds: duration,
      hasAudio: audio !== undefined,
      meta: {
        ...audioMeta,
        video_codec_name: codecName(video.Format),
        video_frame_rate: int(video.FrameRate ?? general?.FrameRate),
        video_frame_width: int(video.Width),
        video_frame_height: int(video.Height),
      },
    };
  }
  // An audio container that holds no video track is audio, whatever file-type guessed from the container.
  return {
    kind: 'audio',
    mimeType: top === 'audio' ? type.mime : type.mime.replace('video/', 'audio/'),
    ext: type.ext,
    durationSeconds: duration,
    hasAudio: true,
    meta: audioMeta,
  };
}
