// Test helpers: an emulator on a free loopback port, a small JSON client over real HTTP, and fixture uploads.
import { readFile } from 'node:fs/promises';
import { afterEach } from 'vitest';
import { type Emulator, type EmulatorOptions, startEmulator } from '../server.ts';

export const FIXTURES = new URL('../../fixtures/', import.meta.url);
export const TOKEN = 'test-token';

const running: Emulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON of many shapes; the tests' assertions check them.
export type Json = any;

export interface Answer<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Harness {
  emulator: Emulator;
  url: string;
  /** A JSON request with the default token (or `token`); the body is parsed when it is JSON. */
  call<T = Json>(method: string, path: string, body?: unknown, token?: string | null): Promise<Answer<T>>;
  /** Uploads a fixture file as the `data` part. */
  upload(fixture: string, options?: { name?: string; kind?: string; token?: string }): Promise<Answer>;
  /** Uploads a fixture, waits for it to be ready, and creates a project on it. */
  project(body?: Record<string, unknown>, fixture?: string, token?: string): Promise<Json>;
  /** Moves the clock far enough for any pipeline to finish. */
  finish(): void;
  /** A project dubbed to the end (merging_done) and its segments. */
  dubbed(body?: Record<string, unknown>, fixture?: string): Promise<{ id: string; segments: Json[] }>;
}

export async function harness(options: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator({ tokens: [TOKEN], ...options });
  running.push(emulator);
  const { url } = emulator;
  async function call(method: string, path: string, body?: unknown, token: string | null = TOKEN) {
    const headers: Record<string, string> = {};
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return {
      status: response.status,
      body: isJson && text ? JSON.parse(text) : text,
      headers: response.headers,
    };
  }
  async function upload(fixture: string, opts: { name?: string; kind?: string; token?: string } = {}) {
    const form = new FormData();
    form.set('data', new Blob([await readFile(new URL(fixture, FIXTURES))]), fixture);
    if (opts.name) form.set('name', opts.name);
    const query = opts.kind ? `?kind=${opts.kind}` : '';
    const response = await fetch(`${url}/api/library/v1/media${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.token ?? TOKEN}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
  }
  async function project(
    body: Record<string, unknown> = {},
    fixture = 'video-with-audio.mp4',
    token = TOKEN,
  ) {
    const media = await upload(fixture, { token });
    if (media.status !== 200) throw new Error(`upload failed: ${JSON.stringify(media.body)}`);
    const created = await call(
      'POST',
      '/v2/projects',
      { video_id: media.body.id, dst_lang: 'es', ...body },
      token,
    );
    if (created.status !== 200)
      throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body;
  }
  const finish = () => emulator.advanceClock(10 * 60_000);
  return {
    emulator,
    url,
    call,
    upload,
    project,
    finish,
    async dubbed(body = {}, fixture = 'video-with-audio.mp4') {
      const created = await project(body, fixture);
      finish();
      const { segments } = (await call('GET', `/v2/projects/${created.id}/transcription`)).body;
      return { id: created.id as string, segments };
    },
  };
}
