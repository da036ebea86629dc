// Running the built `dubkit` in a child process against an emulator on loopback, in a temporary folder that is
// removed after each test.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DubbingClient } from '@dubkit/core';
import { type Emulator, type EmulatorOptions, startEmulator } from '@dubkit/emulator';
import { afterEach } from 'vitest';

export const TOKEN = 'cli-test-token';
export const BIN = fileURLToPath(new URL('../../bin/dubkit.js', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('../../../emulator/fixtures/', import.meta.url));
export const VIDEO = join(FIXTURES, 'video-with-audio.mp4');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

export async function emulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const started = await startEmulator({ tokens: [TOKEN], speed: 1000, ...options });
  cleanups.push(() => started.close());
  return started;
}

/** A client of the emulator with the test token, to set up or inspect what `dubkit` did; closed after the test. */
export function clientOf(url: string): DubbingClient {
  const client = new DubbingClient({ baseUrl: url, token: TOKEN, env: {}, logLevel: 'off' });
  cleanups.push(() => client.close());
  return client;
}

/** A fresh folder for the command's files; removed after the test. */
export async function workFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dubkit-cli-test-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Running {
  child: ChildProcess;
  /** Resolves once standard error holds a line matching `pattern` `count` times. */
  waitForStderr(pattern: RegExp, count?: number): Promise<void>;
  done: Promise<Finished>;
}

/** Starts `dubkit <args>` with the emulator's token; no terminal, so progress comes as plain lines. */
export interface StartOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Written to the command's standard input, which is then closed. */
  input?: string;
}

export function start(args: string[], options: StartOptions): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', DUBKIT_TOKEN: TOKEN, ...options.env },
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (options.input !== undefined) child.stdin!.end(options.input);
  let stdout = '';
  let stderr = '';
  const watchers: (() => void)[] = [];
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    for (const watcher of watchers) watcher();
  });
  const done = new Promise<Finished>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await done;
  });
  return {
    child,
    done,
    waitForStderr: (pattern, count = 1) =>
      new Promise<void>((resolve, reject) => {
        const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
        const check = () => {
          if ((stderr.match(global) ?? []).length >= count) resolve();
        };
        watchers.push(check);
        check();
        void done.then(() => reject(new Error(`dubkit ended before ${pattern} appeared:\n${stderr}`)));
      }),
  };
}

export function dubkit(args: string[], options: StartOptions): Promise<Finished> {
  return start(args, options).done;
}
