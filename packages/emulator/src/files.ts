// /files/...: the links records point to. Uploaded bytes are served back as they were stored; a dubbed
// project's outputs exist once it has reached merging_done; voice samples are made on request. No token needed:
// the ids are unguessable (or, for voice presets, public anyway).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { toneWav } from './audio/wav.ts';
import type { Ctx, Env } from './http/env.ts';
import type { Media } from './model.ts';
import { lipsyncFileName } from './projects/lipsync.ts';
import { coverPng, subtitles, synthesizedAudio } from './projects/outputs.ts';
import { momentOf } from './projects/status.ts';
import { presetById, SAMPLE_SECONDS } from './projects/voices.ts';
import type { EmulatorState } from './state.ts';

// Answers go through the context (c.json, c.body), so that they carry the headers the middleware set (the
// request id).
const notFound = (c: Ctx) => c.json({ detail: 'Not Found' }, 404);

function stream(c: Ctx, body: Readable, type: string, size: number): Response {
  return c.body(Readable.toWeb(body) as ReadableStream, 200, {
    'content-type': type,
    'content-length': String(size),
  });
}

async function mediaFile(c: Ctx, media: Media): Promise<Response> {
  const { size } = await stat(media.filePath);
  return stream(c, createReadStream(media.filePath), media.mimeType, size);
}

export function fileRoutes(state: EmulatorState) {
  const files = new Hono<Env>();

  files.get('/media/:id/:name', async (c) => {
    const media = state.media.get(c.req.param('id'));
    if (!media || media.fileName !== c.req.param('name')) return notFound(c);
    return mediaFile(c, media);
  });

  files.get('/voices/:file', (c) => {
    const voice = presetById(c.req.param('file').replace(/\.wav$/, ''));
    if (!voice?.sampleHz || !c.req.param('file').endsWith('.wav')) return notFound(c);
    return c.body(new Uint8Array(toneWav(voice.sampleHz, SAMPLE_SECONDS)), 200, {
      'content-type': 'audio/wav',
    });
  });

  files.get('/projects/:id/:file', async (c) => {
    const project = state.projects.get(c.req.param('id'));
    if (!project) return notFound(c);
    const moment = momentOf(state, project);
    const file = c.req.param('file');
    const ext = project.media.ext;
    if (file === 'cover.png')
      return c.body(new Uint8Array(coverPng(project)), 200, { 'content-type': 'image/png' });
    const job = project.lipsync;
    if (job && file === lipsyncFileName(project, job)) {
      // The emulator cannot cut video: the preview's file holds the same bytes as the full one would.
      return !job.fails && state.clock.now() >= job.endsAt ? mediaFile(c, project.media) : notFound(c);
    }
    if (!moment.outputs) return notFound(c);
    switch (file) {
      case `translated_video.${ext}`:
        return mediaFile(c, project.media);
      case 'translated_audio.wav':
      case 'voiceover.wav': {
        const audio = synthesizedAudio(project, file === 'translated_audio.wav');
        return stream(c, audio.stream, 'audio/wav', audio.size);
      }
      case 'translation.srt':
        return c.body(subtitles(project, 'srt'), 200, {
          'content-type': 'application/x-subrip; charset=utf-8',
        });
      case 'translation.vtt':
        return c.body(subtitles(project, 'vtt'), 200, { 'content-type': 'text/vtt; charset=utf-8' });
      default:
        return notFound(c);
    }
  });
  return files;
}
