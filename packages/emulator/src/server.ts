// startEmulator: one emulator on a port, with its own state, tokens, faults and data folder.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { setTotals } from './credits.ts';
import type { Faults } from './faults.ts';
import type { GlossaryDrop } from './glossary-drops.ts';
import { type ClientCredentials, TokenBook } from './http/auth.ts';
import { type StatusEntered, statusHistory } from './projects/status.ts';
import { createTiming, type TimingOptions } from './projects/timing.ts';
import { seedProjects } from './seed.ts';
import { type CreditTotals, EmulatorState } from './state.ts';

export interface EmulatorOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Static bearer tokens: a list (all of account "default") or token → account name. */
  tokens?: string[] | Record<string, string>;
  /** OAuth2 client-credentials pairs accepted by POST /oauth2/token. */
  clients?: ClientCredentials[];
  /** Lifetime of tokens issued by /oauth2/token (default 3600 s). */
  tokenTtlSeconds?: number;
  /** Pipeline speed factor: 100 runs a one-minute pipeline in 0.6 s (default 1). */
  speed?: number;
  /** Faults in effect from the start (see README). */
  faults?: Faults;
  /** Where uploads are stored (default: a fresh temporary folder, removed on close). */
  dataDir?: string;
  /** Hosts (name or name:port) whose plain http(s) links are fetched (default: none). */
  allowLinkHosts?: string[];
  /** Projects are limited to this many seconds of video (default 3600). */
  maxDurationSeconds?: number;
  /** Credit totals of every account (defaults: 6000 minutes, 1000 videos, 60 free lip-sync minutes). */
  credits?: CreditTotals;
  /** Required (X-Admin-Token or Bearer) on /_admin; without it /_admin answers loopback callers only. */
  adminToken?: string;
  /** Base URL put in file links (default: the URL the emulator listens on). */
  publicUrl?: string;
  /** Largest file a media upload may carry, in bytes (default 4 GiB); larger answers 413. */
  maxUploadBytes?: number;
  /** Largest file a media link may point to, in bytes (default 4 GiB); larger answers 413. */
  maxLinkBytes?: number;
  /** Glossary terms the emulated translation leaves out, per project id or name (a localization-QA control). */
  dropGlossaryTerms?: GlossaryDrop[];
  /** How long stages take: the fixed timing (default) or the media timing model (see README, Timing). */
  timing?: TimingOptions;
}

/** Default of `maxUploadBytes` and `maxLinkBytes`: 4 GiB. */
export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 ** 3;

export interface Emulator {
  url: string;
  port: number;
  /** Faults now in effect: replace (`set`), merge (`update`) or `clear` them. */
  faults: {
    set(faults: Faults): void;
    update(faults: Faults): void;
    clear(): void;
    readonly current: Faults;
  };
  /** Moves the emulator's clock forward (pipelines, lip-sync, token expiry). */
  advanceClock(ms: number): void;
  setSpeed(speed: number): void;
  /** Sets an account's credit totals (what is used stays). */
  setCredits(account: string, totals: CreditTotals): void;
  /** Adds a static token for an account. */
  addToken(token: string, account: string): void;
  /** Issues an expiring token for an account, as /oauth2/token would. */
  issueToken(account: string, ttlSeconds?: number): string;
  /** Creates `count` projects at once (no credits charged); returns their ids. */
  seedProjects(count: number, account?: string): Promise<string[]>;
  /**
   * From now on the emulated translation leaves `term` of the glossary untranslated in `project` (its id, or its
   * name for a project not created yet): segments made or added after this call lose it.
   */
  dropGlossaryTerm(project: string, term: string): void;
  /** Ends every glossary drop for projects created from now on. */
  clearGlossaryDrops(): void;
  /**
   * When a project was read (GET /v2/projects/:id), in wall-clock ms, oldest first; without an id, every
   * project's. Kept since the start or the last `clearProjectReads`.
   */
  projectReads(projectId: string): number[];
  projectReads(): Record<string, number[]>;
  clearProjectReads(): void;
  /**
   * Every status the project's current run has entered so far, with when (emulator clock, ms), oldest first:
   * what a client polling it could have seen. Empty for an unknown id.
   */
  statusHistory(projectId: string): StatusEntered[];
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new RangeError(`speed must be above 0, not ${speed}`);
  for (const name of ['maxUploadBytes', 'maxLinkBytes'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0))
      throw new RangeError(`${name} must be a whole number of bytes above 0, not ${value}`);
  }
  const timing = createTiming(options.timing);
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'dubkit-emulator-')));
  await mkdir(join(dataDir, 'media'), { recursive: true });
  const state = new EmulatorState({
    speed,
    maxDurationSeconds: options.maxDurationSeconds ?? 3600,
    credits: {
      minutes: options.credits?.minutes ?? 6000,
      video: options.credits?.video ?? 1000,
      lipsyncFreeMinutes: options.credits?.lipsyncFreeMinutes ?? 60,
    },
    allowLinkHosts: options.allowLinkHosts ?? [],
    dataDir,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_FILE_BYTES,
    maxLinkBytes: options.maxLinkBytes ?? DEFAULT_MAX_FILE_BYTES,
    timing,
  });
  if (options.faults) state.faults.set(options.faults);
  for (const drop of options.dropGlossaryTerms ?? []) state.glossaryDrops.add(drop);

  const tokens = new TokenBook(state.clock, options.tokenTtlSeconds ?? 3600);
  const given = options.tokens ?? (options.clients?.length ? [] : ['dev-token']);
  const pairs = Array.isArray(given)
    ? given.map((token) => [token, 'default'] as const)
    : Object.entries(given);
  for (const [token, account] of pairs) tokens.addToken(token, account);
  for (const client of options.clients ?? []) tokens.addClient(client);

  const app = createApp(state, tokens, options.adminToken);
  const server = createServer(getRequestListener(app.fetch));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  state.baseUrl = (options.publicUrl ?? url).replace(/\/+$/, '');

  let closed: Promise<void> | undefined;
  return {
    url,
    port,
    faults: {
      set: (faults) => state.faults.set(faults),
      update: (faults) => state.faults.update(faults),
      clear: () => state.faults.clear(),
      get current() {
        return state.faults.current;
      },
    },
    advanceClock: (ms) => void state.clock.advance(ms),
    setSpeed(value) {
      if (!(value > 0)) throw new RangeError(`speed must be above 0, not ${value}`);
      state.speed = value;
    },
    setCredits: (account, totals) => setTotals(state.account(account), totals),
    addToken: (token, account) => tokens.addToken(token, account),
    issueToken: (account, ttlSeconds) => tokens.issue(account, ttlSeconds).access_token,
    seedProjects: (count, account = 'default') => seedProjects(state, state.account(account), count),
    dropGlossaryTerm: (project, term) => state.glossaryDrops.add({ project, term }),
    clearGlossaryDrops: () => state.glossaryDrops.clear(),
    projectReads: ((projectId?: string) =>
      projectId === undefined
        ? state.projectReads.all()
        : state.projectReads.of(projectId)) as Emulator['projectReads'],
    clearProjectReads: () => state.projectReads.clear(),
    statusHistory: (projectId) => {
      const project = state.projects.get(projectId);
      return project ? statusHistory(state, project) : [];
    },
    close() {
      closed ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      })();
      return closed;
    },
  };
}
