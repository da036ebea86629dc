// Puts together the parts behind the thread's follow-up actions (review, render again, speakers, glossaries,
// credits), from the same store, service configuration and loops as the rest of the app; server.ts hands
// the result to the listeners and the starter.

import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { GlossaryService } from './features/glossary/service.ts';
import { creditCheck } from './features/account/credit-check.ts';
import type { DubbingServiceOptions } from './dubbing/client-service.ts';
import { createEditingService } from './jobs/editing-service.ts';
import { LipsyncRunner } from './features/lipsync/runner.ts';
import type { DubbingService } from './dubbing/service.ts';
import type { ExtraDeps } from './listeners/extra-deps.ts';
import { ReviewService } from './features/review/service.ts';
import { downloadSlackFile } from './slack-files.ts';
import type { Job, Store, Target } from './store/store.ts';
import { SubtitleService } from './features/subtitles/service.ts';
import { glossaryLabel, type PickerGlossary } from './features/glossary/blocks.ts';

export interface ExtrasOptions {
  config: Config;
  /** Who holds leases in the store (this process). */
  owner: string;
  store: Store;
  service: DubbingService;
  logger: Logger;
  serviceOptions?: Partial<DubbingServiceOptions>;
  wakeDeliverer: () => void;
  wakeTracker: () => void;
}

export interface Extras extends ExtraDeps {
  /** Starts and stops the lip-sync loop. */
  start(): void;
  stop(): Promise<void>;
  /** For the job card: the channel's default languages, the glossaries offered and those chosen first. */
  picker(job: Job): Promise<{ dstLangs: string[]; glossaries: PickerGlossary[]; glossaryIds: string[] }>;
  /** For the starter: the channel's default glossaries, then the credits warning. */
  beforeProjects(job: Job, mediaId: string, targets: Target[]): Promise<void>;
}

export function createExtras(options: ExtrasOptions): Extras {
  const { config, store } = options;
  const editing = createEditingService({
    baseUrl: config.service.baseUrl,
    auth: config.service.auth,
    ...options.serviceOptions,
  });
  const review = new ReviewService({
    store,
    editing,
    describeStatus: (status) => options.service.describeStatus(status),
    wakeDeliverer: options.wakeDeliverer,
    wakeTracker: options.wakeTracker,
  });
  const glossaries = new GlossaryService({ store, editing });
  const subtitles = new SubtitleService({ store, editing });
  const credits = creditCheck({ store, editing, logger: options.logger.child({ part: 'credits' }) });
  const lipsync = new LipsyncRunner({
    store,
    editing,
    logger: options.logger.child({ part: 'lipsync' }),
    owner: options.owner,
    pollMs: config.polling.minMs,
    onDeliveries: options.wakeDeliverer,
  });
  const extraHosts = config.slackApiUrl ? [new URL(config.slackApiUrl).host] : [];
  return {
    editing,
    review,
    glossaries,
    subtitles,
    async downloadFile(url, maxBytes) {
      const download = await downloadSlackFile(url, { botToken: config.slackBotToken, maxBytes, extraHosts });
      return new Uint8Array(await new Response(download.body).arrayBuffer());
    },
    wake: () => {
      options.wakeDeliverer();
      options.wakeTracker();
      lipsync.wake();
    },
    start: () => {
      lipsync.start();
      review.recoverRenders().catch((error: unknown) => {
        options.logger.warn({ err: error }, 'following up renders asked for before the restart failed');
      });
    },
    stop: () => lipsync.stop(),
    async picker(job) {
      return {
        dstLangs: (await store.channelSettings(job.channel))?.dstLangs ?? [],
        glossaries: (await glossaries.offered(job.channel)).map((g) => ({ id: g.id, label: glossaryLabel(g) })),
        glossaryIds: await glossaries.defaultsOf(job.channel),
      };
    },
    async beforeProjects(job, mediaId, targets) {
      // Glossary defaults first: the subtitles keep the glossary recorded for each language.
      await glossaries.applyDefaults(job, targets);
      await subtitles.prepare(job, targets);
      await credits(job, mediaId, targets);
    },
  };
}
