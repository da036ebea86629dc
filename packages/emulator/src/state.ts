// Everything one emulator holds: options, clock, faults, accounts and the records of each kind.
import { randomUUID } from 'node:crypto';
import { Clock } from './clock.ts';
import { FaultInjector } from './faults.ts';
import { GlossaryDrops } from './glossary-drops.ts';
import type { Account, Glossary, Media, Project, Transcription } from './model.ts';
import { ProjectReads } from './project-reads.ts';
import type { Timing } from './projects/timing.ts';

export interface CreditTotals {
  minutes?: number;
  video?: number;
  lipsyncFreeMinutes?: number;
}

export interface StateOptions {
  speed: number;
  maxDurationSeconds: number;
  credits: Required<CreditTotals>;
  allowLinkHosts: string[];
  dataDir: string;
  /** Largest file part of a media upload, in bytes (413 beyond). */
  maxUploadBytes: number;
  /** Largest file a media link may point to, in bytes (413 beyond). */
  maxLinkBytes: number;
  /** How long each stage of a run takes. */
  timing: Timing;
}

export class EmulatorState {
  readonly clock = new Clock();
  readonly faults = new FaultInjector();
  readonly accounts = new Map<string, Account>();
  readonly media = new Map<string, Media>();
  readonly projects = new Map<string, Project>();
  readonly glossaries = new Map<string, Glossary>();
  readonly transcriptions = new Map<string, Transcription>();
  readonly glossaryDrops = new GlossaryDrops(this.projects);
  /** When each project was polled (GET /v2/projects/:id), for tests and the bench. */
  readonly projectReads = new ProjectReads();
  speed: number;
  readonly options: StateOptions;
  /** The public base URL (set once the server listens), used in file links. */
  baseUrl = '';
  /** When the lip-sync queue (one job at a time across the emulator) is next free. */
  lipsyncQueueEnd = 0;
  /** Projects with a lip-sync queued or running (finished ones are dropped when the queue is read). */
  readonly lipsyncJobs = new Set<Project>();

  constructor(options: StateOptions) {
    this.options = options;
    this.speed = options.speed;
  }

  account(name: string): Account {
    let account = this.accounts.get(name);
    if (!account) {
      const { minutes, video, lipsyncFreeMinutes } = this.options.credits;
      account = {
        name,
        userId: randomUUID(),
        credits: {
          minutes: { total: minutes, used: 0 },
          video: { total: video, used: 0 },
          lipsync_free_minutes: { total: lipsyncFreeMinutes, used: 0 },
        },
        projects: [],
      };
      this.accounts.set(name, account);
    }
    return account;
  }

  /** Milliseconds of pipeline time (at speed 1) elapsed since `since`, for a run started at `speed`. */
  elapsed(since: number, speed: number): number {
    return (this.clock.now() - since) * speed;
  }

  fileUrl(path: string): string {
    return `${this.baseUrl}/files/${path}`;
  }
}
