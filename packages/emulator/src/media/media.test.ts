import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FIXTURES, harness, type Json, TOKEN } from '../test-support/harness.ts';

describe('media upload', () => {
  it('reads kind, MIME type and meta from a video with audio, shown once processing is over', async () => {
    const h = await harness();
    const created = await h.upload('video-with-audio.mp4', { name: 'Clip' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      kind: 'video',
      status: 'processing',
      mime_type: 'video/mp4',
      meta: {},
      name: 'Clip',
    });
    h.finish();
    const ready = await h.call('GET', `/api/library/v1/media/${created.body.id}`);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.meta).toMatchObject({
      size_bytes: 11123,
      duration_seconds: 2,
      audio_rate: 22050,
      audio_layout: 'mono',
      audio_channels: 1,
      audio_codec_name: 'aac',
      video_codec_name: 'h264',
      video_frame_rate: 10,
      video_frame_width: 160,
      video_frame_height: 90,
    });
    const served = await fetch(ready.body.url);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(
      Buffer.from(await served.arrayBuffer()).equals(
        await readFile(new URL('video-with-audio.mp4', FIXTURES)),
      ),
    ).toBe(true);
  });

  it('describes audio, images and video without sound from their bytes', async () => {
    const h = await harness();
    h.emulator.setSpeed(1e6);
    const audio = await h.upload('audio.mp3');
    const image = await h.upload('image.png');
    const silent = await h.upload('video-no-audio.mp4');
    h.finish();
    const read = async (id: string) => (await h.call('GET', `/api/library/v1/media/${id}`)).body;
    expect(await read(audio.body.id)).toMatchObject({
      kind: 'audio',
      mime_type: 'audio/mpeg',
      meta: {
        audio_codec_name: 'mp3',
        audio_rate: 44100,
        audio_channels: 2,
        audio_layout: 'stereo',
        duration_seconds: 2,
      },
    });
    expect(await read(image.body.id)).toMatchObject({
      kind: 'image',
      mime_type: 'image/png',
      meta: { image_width: 64, image_height: 48, image_format: 'png', size_bytes: 469 },
    });
    expect((await read(silent.body.id)).meta).toMatchObject({ video_codec_name: 'h264', audio_channels: 0 });
  });

  it('answers the documented 400s for non-media and for a damaged container, whatever the file name says', async () => {
    const h = await harness();
    const text = await h.upload('text.txt');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ status: 'media_mime_type_non_acceptable', status_code: 400 });
    const broken = await h.upload('broken.mp4');
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ status: 'media_broken_error', status_code: 400 });
    expect(typeof broken.body.detail).toBe('string');
    const claimed = await h.upload('audio.mp3', { kind: 'video' });
    expect(claimed.body.status).toBe('media_mime_type_non_acceptable');
  });

  it('answers 422 without a data part, with a bad kind, or without multipart', async () => {
    const h = await harness();
    const form = new FormData();
    form.set('name', 'nothing');
    const missing = await fetch(`${h.url}/api/library/v1/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as Json).detail[0]).toMatchObject({
      loc: ['body', 'data'],
      type: 'missing',
    });
    const kind = await h.upload('audio.mp3', { kind: 'movie' });
    expect(kind.status).toBe(422);
    expect(kind.body.detail[0].loc).toEqual(['query', 'kind']);
    const json = await h.call('POST', '/api/library/v1/media', { data: 'x' });
    expect(json.status).toBe(422);
  });

  it('answers the documented 404 body for unknown media and 422 for an id that is not a UUID', async () => {
    const h = await harness();
    const unknown = await h.call('GET', '/api/library/v1/media/6f1c1b7e-9a53-4b44-8d6c-2d0b5b1c9a11');
    expect(unknown).toMatchObject({ status: 404, body: { status: 'not_found', status_code: 404 } });
    const bad = await h.call('GET', '/api/library/v1/media/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['path', 'media_id'], type: 'uuid_parsing' });
  });
});

describe('media by link', () => {
  it('gives YouTube, Drive, Vimeo and S3 links a synthetic video record and the matching source_type', async () => {
    const h = await harness();
    const links = {
      youtube: 'https://www.youtube.com/watch?v=abc',
      gdrive: 'https://drive.google.com/file/d/123/view',
      vimeo: 'https://vimeo.com/12345',
      s3: 's3://bucket/video.mp4',
    };
    for (const [sourceType, link] of Object.entries(links)) {
      const media = await h.call('POST', '/api/library/v1/media/link', { link, name: 'Talk' });
      expect(media.status).toBe(200);
      expect(media.body).toMatchObject({ kind: 'video', mime_type: 'video/mp4', status: 'processing' });
      const project = await h.call('POST', '/v2/projects', { video_id: media.body.id, dst_lang: 'de' });
      expect(project.body).toMatchObject({ source_type: sourceType, source_url: link });
    }
    const again = await h.call('POST', '/api/library/v1/media/link', { link: links.youtube });
    h.finish();
    const first = await h.call('GET', `/api/library/v1/media/${again.body.id}`);
    expect(first.body.meta.duration_seconds).toBeGreaterThanOrEqual(30);
    expect(first.body.meta.video_frame_width).toBe(1280);
  });

  it('makes a synthetic audio record with kind "audio" and refuses image links', async () => {
    const h = await harness();
    const audio = await h.call('POST', '/api/library/v1/media/link', {
      link: 'https://youtu.be/x',
      kind: 'audio',
    });
    expect(audio.body).toMatchObject({ kind: 'audio', mime_type: 'audio/mp4' });
    const image = await h.call('POST', '/api/library/v1/media/link', {
      link: 'https://youtu.be/x',
      kind: 'image',
    });
    expect(image.body.status).toBe('media_process_error');
  });

  it('answers media_process_error for other hosts: the emulator has no internet', async () => {
    const h = await harness();
    const answer = await h.call('POST', '/api/library/v1/media/link', {
      link: 'https://example.com/video.mp4',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'media_process_error', status_code: 400 });
    const bad = await h.call('POST', '/api/library/v1/media/link', { link: 'not a link' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'link']);
  });

  it('fetches plain http links from an allowed host, and inspects what it got', async () => {
    const bytes = await readFile(new URL('audio.mp3', FIXTURES));
    const server = createServer((req, res) => {
      if (req.url === '/song.mp3') res.end(bytes);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const h = await harness({ allowLinkHosts: [host] });
      const media = await h.call('POST', '/api/library/v1/media/link', { link: `http://${host}/song.mp3` });
      expect(media.body).toMatchObject({ kind: 'audio', mime_type: 'audio/mpeg' });
      const missing = await h.call('POST', '/api/library/v1/media/link', { link: `http://${host}/gone.mp4` });
      expect(missing.body.status).toBe('media_process_error');
    } finally {
      server.close();
    }
  });

  it('puts projects on links containing "private" in forbidden_link', async () => {
    const h = await harness();
    const media = await h.call('POST', '/api/library/v1/media/link', {
      link: 'https://youtu.be/private-talk',
    });
    const project = await h.call('POST', '/v2/projects', { video_id: media.body.id, dst_lang: 'es' });
    h.finish();
    expect((await h.call('GET', `/v2/projects/${project.body.id}`)).body.status).toBe('forbidden_link');
  });
});
