// App Home for one person: their recent jobs and the state of each language, the account's credits (when
// the service answers), and the channel defaults they set.
import type { types } from '@slack/bolt';
import type { Logger } from 'pino';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Store } from '../../store/store.ts';
import { reviewState } from '../../ui/approval.ts';
import type { ApprovalService } from '../approval/service.ts';
import { type HomeJob, homeView } from './blocks.ts';

export class HomeService {
  readonly #store: Store;
  readonly #service: DubbingService;
  readonly #logger: Logger;
  readonly #approvals: ApprovalService | undefined;

  constructor(options: {
    store: Store;
    service: DubbingService;
    logger: Logger;
    approvals?: ApprovalService;
  }) {
    this.#store = options.store;
    this.#service = options.service;
    this.#logger = options.logger;
    this.#approvals = options.approvals;
  }

  async view(userId: string): Promise<types.HomeView> {
    const credits = await this.#service.credits().catch((error: unknown) => {
      this.#logger.warn({ err: error }, 'reading the credits for Home failed');
      return null;
    });
    const jobs: HomeJob[] = [];
    for (const job of await this.#store.recentJobs(userId, 20)) {
      const targets = await this.#store.targetsOf(job.id);
      const approvals = await this.#approvals?.current(targets);
      const changes = await this.#approvals?.changesRequested(targets);
      jobs.push({
        title: job.title,
        channel: job.channel,
        state: job.state,
        langs: targets.map((t) => {
          const info = t.status ? this.#service.describeStatus(t.status) : undefined;
          const done = Boolean(info?.terminal && !info.failed);
          // A dubbed language waits for review until someone approves its current render or asks for changes.
          const review =
            done && approvals ? { review: reviewState(approvals.get(t.id), changes?.get(t.id)) } : {};
          return {
            ...review,
            lang: t.dstLang,
            label: info?.label ?? 'Starting',
            done: Boolean(info?.terminal && !info.failed),
            failed: Boolean(info?.failed),
          };
        }),
      });
    }
    const defaults = [];
    for (const settings of await this.#store.channelSettingsBy(userId)) {
      const glossaries = await Promise.all(settings.glossaryIds.map((id) => this.#store.getGlossary(id)));
      defaults.push({
        channel: settings.channel,
        dstLangs: settings.dstLangs,
        glossaries: glossaries.map((g) => g?.name).filter((n): n is string => Boolean(n)),
      });
    }
    return homeView({ jobs, credits, defaults });
  }
}
