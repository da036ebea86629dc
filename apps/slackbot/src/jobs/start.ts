// Starts a job: uploads the video (a Slack file streamed from Slack, or a link) and creates one project per
// destination language. Each step is recorded before it is asked of the service, and a project is created
// with a unique job tag in its name, so that after a crash the project made just before it is found through
// the list endpoint's name filter instead of being created (and paid for) twice.
import type { Logger } from 'pino';
import { type DubbingService, MediaRejectedError, ProjectRejectedError } from '../dubbing/service.ts';
import { newRequestId, scrub } from '../errors/public.ts';
import { downloadSlackFile, SlackFileError } from '../slack/files.ts';
import type { Job, Store, Target } from '../store/store.ts';
import { startDeliveries } from '../thread/card.ts';
import { statusKey } from '../thread/status.ts';
import { changeDeliveries, startedDelivery } from './notify.ts';

/** The local status of a language not started because the job's languages needed more minutes than were left. */
export const NOT_ENOUGH_MINUTES = 'minutes_failed';

export interface StarterOptions {
  store: Store;
  service: DubbingService;
  logger: Logger;
  botToken: string;
  maxFileBytes: number;
  /** Hosts trusted for file downloads besides Slack's (the fake Slack's host in tests and the demo). */
  extraSlackHosts: string[];
  /** Called when Slack writes were enqueued. */
  onDeliveries: () => void;
  /** Runs once the media is ready, before the projects are created (glossaries, subtitles). */
  beforeProjects?: (job: Job, targets: Target[]) => Promise<void>;
  /**
   * Whether every language's minutes fit in what is left, asked once the video's length is known and before
   * any project is created; when they do not, it has told the thread why and what to do, and nothing is made.
   */
  minutesFit?: (job: Job, mediaId: string, targets: Target[]) => Promise<boolean>;
  /** A recorded `/dub` command: checks its channel, then posts its card or starts it (throws to try again). */
  admit: (job: Job) => Promise<void>;
  /** A recorded `/dub` command that could not be admitted however often it was tried: tells its author why. */
  refuse: (job: Job, why: string) => Promise<void>;
  now?: () => number;
}

/** The tag that marks a project as this language's attempt of the job; searchable through the name filter. */
export function jobTag(job: Job, target: Target): string {
  return `dk-${job.id}-${target.dstLang}-${target.attempt}`;
}

/** A project's name as people know it: the job tag the app appends (` [dk-…]`) taken off. */
export function withoutJobTag(name: string): string {
  return name.replace(/ \[dk-[0-9a-z-]+\]$/i, '');
}

export class JobStarter {
  readonly #o: StarterOptions;
  readonly #now: () => number;

  constructor(options: StarterOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Runs the job's next steps. Returns normally when done or when a failure was reported in the thread;
   * throws on a transient failure (the caller tries again later).
   */
  async run(job: Job, signal?: AbortSignal): Promise<void> {
    const { store } = this.#o;
    if (job.state === 'requested') {
      await this.#o.admit(job);
      return;
    }
    const targets = await store.targetsOf(job.id);
    if (targets[0] && !(await store.getDelivery(statusKey(targets[0].id)))) {
      // Its start was recorded but not announced (the database went away between the two): announced now,
      // or its thread would wait for a card that never comes.
      const now = this.#now();
      for (const delivery of startDeliveries(job, targets, now)) await store.enqueue(delivery, now);
      this.#o.onDeliveries();
    }
    const pending = targets.filter((t) => !t.terminal && t.projectId === null);
    if (pending.length === 0) {
      await store.setJobRunning(job.id);
      return;
    }
    let mediaId = job.mediaId;
    if (mediaId === null) {
      try {
        mediaId = await this.#upload(job, signal);
      } catch (error) {
        if (error instanceof MediaRejectedError || error instanceof SlackFileError) {
          const status = error instanceof MediaRejectedError ? error.status : 'slack_file';
          const detail = this.#shown(error, { job: job.id, status }, 'the video could not be uploaded');
          await store.setJobMediaError(job.id, error.message);
          await this.#fail(job, pending, 'upload_failed', detail);
          await store.setJobRunning(job.id);
          return;
        }
        throw error;
      }
      await store.setJobMedia(job.id, mediaId);
      job = { ...job, mediaId };
    }
    await this.#o.beforeProjects?.(job, pending);
    if (this.#o.minutesFit && !(await this.#o.minutesFit(job, mediaId, pending))) {
      // All or none: the app never picks which languages the minutes go to.
      await this.#fail(job, pending, NOT_ENOUGH_MINUTES, 'not enough minutes', 'Not enough minutes');
      await store.setJobRunning(job.id);
      return;
    }
    const created: Target[] = [];
    for (const target of pending) {
      try {
        await this.#ensureProject(job, target, mediaId);
        created.push(target);
      } catch (error) {
        if (!(error instanceof ProjectRejectedError)) throw error;
        const detail = this.#shown(error, { job: job.id, target: target.id }, 'project refused');
        await this.#fail(job, [target], 'failed', detail);
      }
    }
    if (created.length > 0) await store.enqueue(startedDelivery(job, created), this.#now());
    await store.setJobRunning(job.id);
    this.#o.onDeliveries();
  }

  async #upload(job: Job, signal?: AbortSignal): Promise<string> {
    const { service } = this.#o;
    if (job.source.kind === 'link')
      return (await service.uploadLink(job.source.link, job.title, signal)).mediaId;
    const download = await downloadSlackFile(job.source.url, {
      botToken: this.#o.botToken,
      maxBytes: this.#o.maxFileBytes,
      extraHosts: this.#o.extraSlackHosts,
      ...(signal ? { signal } : {}),
    });
    try {
      const result = await service.uploadFile(download.body, {
        filename: job.source.name,
        contentType: job.source.mimetype || download.contentType,
        name: job.title,
        ...(signal ? { signal } : {}),
      });
      return result.mediaId;
    } catch (error) {
      // The upload only sees its body end early; the download knows it was the file's size.
      throw download.failure() ?? error;
    }
  }

  async #ensureProject(job: Job, target: Target, mediaId: string): Promise<void> {
    const { store, service } = this.#o;
    const tag = jobTag(job, target);
    if (target.createIntentAt !== null) {
      // A previous run asked for this project and may have died before recording the answer.
      const found = (await service.findProjects(tag)).find((p) => p.name.includes(tag));
      if (found) {
        this.#o.logger.info(
          { job: job.id, project: found.id },
          'adopted the project created before a restart',
        );
        await store.setTargetProject(target.id, found.id, this.#now());
        return;
      }
    }
    await store.markCreateIntent(target.id, this.#now());
    const project = await service.createProject({
      videoId: mediaId,
      dstLang: target.dstLang,
      name: `${job.title.slice(0, 80)} [${tag}]`,
      srcLang: job.srcLang,
      numSpeakers: job.numSpeakers,
      ...(await store.targetOptions(job.id, target.dstLang)),
    });
    await store.setTargetProject(target.id, project.id, this.#now());
  }

  /**
   * Ends a job that could not be started however often it was tried: each language still without a project
   * is reported failed, with `why` in plain words.
   */
  async giveUp(job: Job, why: string): Promise<void> {
    if (job.state === 'requested') {
      await this.#o.refuse(job, why);
      return;
    }
    const pending = (await this.#o.store.targetsOf(job.id)).filter(
      (t) => !t.terminal && t.projectId === null,
    );
    await this.#fail(job, pending, 'upload_failed', why);
    await this.#o.store.setJobRunning(job.id);
  }

  /**
   * The service's or Slack's words for a failure, as its thread shows them: scrubbed of hosts, addresses,
   * paths and secrets, with a request id under which the whole error is logged.
   */
  #shown(error: Error, context: Record<string, string>, what: string): string {
    const requestId = newRequestId();
    this.#o.logger.warn({ ...context, err: error, requestId }, what);
    return `${scrub(error.message)} (request id ${requestId})`;
  }

  /** Reports a failure that has no project behind it (the upload, or the service refusing the project). */
  async #fail(job: Job, targets: Target[], status: string, detail: string, label?: string): Promise<void> {
    const now = this.#now();
    const described = this.#o.service.describeStatus(status);
    const info = label ? { ...described, label } : described;
    for (const target of targets) {
      await this.#o.store.recordPoll(
        target.id,
        { status, changed: true, terminal: true, nextPollAt: Number.MAX_SAFE_INTEGER, intervalMs: 0 },
        now,
        changeDeliveries(job, target, { id: '', status }, info, now, detail),
      );
    }
    this.#o.onDeliveries();
  }
}
