// Starts a job: gets its video ready on the service (a Slack file streamed from Slack, or a link) while its
// card waits for Start — media costs no minutes, and the card then shows the video's length and the minutes
// the languages need — and creates one project per destination language once Start is pressed. The media's id
// is recorded as soon as the service gives it, so a restart waits for that media instead of making another
// (and never downloads a Slack file twice); a project is created with a unique job tag in its name, recorded
// as an intent first, so that after a crash the project made just before it is found through the list
// endpoint's name filter instead of being created (and paid for) twice. The job's lease keeps every replica
// but its holder away from both.
import type { Logger } from 'pino';
import { titleFromLink, titleOnceReady } from '../domain/video.ts';
import { type DubbingService, MediaRejectedError, ProjectRejectedError } from '../dubbing/service.ts';
import { holdsInternals, newRequestId, scrub } from '../errors/public.ts';
import { downloadSlackFile, SlackFileError } from '../slack/files.ts';
import type { Job, JobStore, OutboxStore, Target } from '../store/store.ts';
import type { ThreadDrawer } from '../thread/drawer.ts';
import { statusKey } from '../thread/status.ts';
import { changeDeliveries, startedDelivery } from './notify.ts';

/** The local status of a language not started because the job's languages needed more minutes than were left. */
export const NOT_ENOUGH_MINUTES = 'minutes_failed';

export interface StarterOptions {
  store: JobStore & OutboxStore;
  dubbing: DubbingService;
  logger: Logger;
  /** Draws the card, the status messages and the replies a start causes. */
  drawer: ThreadDrawer;
  /** The bot token file downloads carry: a tenant's is read when used (it rotates). */
  botToken: string | (() => Promise<string>);
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
  /** A waiting card's video became ready, or was refused: its card is drawn again (best effort). */
  mediaChanged?: (jobId: string) => Promise<void>;
  /**
   * A job posted in a channel on autopilot that starts at once, its video ready or refused: started within the
   * channel's cap, or its card left waiting (throws to try again).
   */
  autopilot?: (jobId: string) => Promise<void>;
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

/** What every project the app creates has in its name (` [dk-…]`): the list filter that keeps only those. */
export const JOB_TAG_MARK = '[dk-';

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
    if (job.state === 'picking') {
      if (!job.mediaReady && job.mediaError === null) await this.#prepare(job, signal);
      if (job.autopilot?.state === 'pending') await this.#o.autopilot?.(job.id);
      return;
    }
    const targets = await store.targetsOf(job.id);
    if (targets[0] && !(await store.getDelivery(statusKey(targets[0].id)))) {
      // Its start was recorded but not announced (the database went away between the two): announced now,
      // or its thread would wait for a card that never comes.
      const now = this.#now();
      for (const delivery of await this.#o.drawer.startDeliveries(job, targets, now))
        await store.enqueue(delivery, now);
      this.#o.onDeliveries();
    }
    const pending = targets.filter((t) => !t.terminal && t.projectId === null);
    if (pending.length === 0) {
      await store.setJobRunning(job.id);
      return;
    }
    let mediaId: string;
    try {
      // A media refused earlier (a Retry after an upload failure) is made again; one recorded is waited for.
      const readied = await this.#readyMedia(
        job.mediaError !== null && !job.mediaReady ? { ...job, mediaId: null } : job,
        signal,
      );
      if (!job.mediaReady) {
        // The card, started before its video was ready, now shows its title and length.
        await store.enqueue(
          await this.#o.drawer.startedCard(readied.job, await store.targetsOf(job.id), this.#now()),
          this.#now(),
        );
      }
      job = readied.job;
      mediaId = readied.mediaId;
    } catch (error) {
      const detail = this.#mediaProblem(job, error);
      if (detail === undefined) throw error;
      await store.setJobMediaError(job.id, detail);
      await this.#fail(job, pending, 'upload_failed', detail);
      await store.setJobRunning(job.id);
      return;
    }
    await this.#o.beforeProjects?.(job, pending);
    if (this.#o.minutesFit && !(await this.#o.minutesFit(job, mediaId, pending))) {
      // All or none: the app never picks which languages the minutes go to.
      await this.#fail(job, pending, NOT_ENOUGH_MINUTES, 'not enough minutes', 'Not enough minutes');
      await store.setJobRunning(job.id);
      await this.#o.drawer.redrawCard(job.id, this.#now());
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
    await this.#o.drawer.redrawCard(job.id, this.#now());
    this.#o.onDeliveries();
  }

  /**
   * A waiting card's video, made ready while people pick: created once (its id recorded at once), waited for,
   * and its length and title recorded; the card is then drawn again. A video the service refuses is recorded
   * as refused, and the card says why. Throws on a transient failure (tried again later).
   */
  async #prepare(job: Job, signal?: AbortSignal): Promise<void> {
    try {
      await this.#readyMedia(job, signal);
    } catch (error) {
      const detail = this.#mediaProblem(job, error);
      if (detail === undefined) throw error;
      await this.#o.store.setJobMediaError(job.id, detail);
    }
    await this.#mediaChanged(job.id);
  }

  async #mediaChanged(jobId: string): Promise<void> {
    try {
      await this.#o.mediaChanged?.(jobId);
    } catch (error) {
      // The card keeps its earlier drawing; Start still checks the minutes against the recorded length.
      this.#o.logger.warn({ err: error, job: jobId }, 'drawing the card again after its video failed');
    }
  }

  /** The service's or Slack's refusal of the video in words for people, or undefined for a transient failure. */
  #mediaProblem(job: Job, error: unknown): string | undefined {
    if (!(error instanceof MediaRejectedError || error instanceof SlackFileError)) return undefined;
    const status = error instanceof MediaRejectedError ? error.status : 'slack_file';
    return this.#shown(error, { job: job.id, status }, 'the video could not be uploaded');
  }

  /**
   * The job's media, ready: created unless recorded (and recorded as soon as the service answers, before it is
   * ready), then waited for, its length and title recorded. The job as it now is.
   */
  async #readyMedia(job: Job, signal?: AbortSignal): Promise<{ job: Job; mediaId: string }> {
    const { store, dubbing } = this.#o;
    let mediaId = job.mediaId;
    if (mediaId === null) {
      mediaId = await this.#createMedia(job, signal);
      await store.setJobMedia(job.id, mediaId);
    }
    if (job.mediaReady) return { job: { ...job, mediaId }, mediaId };
    const ready = await dubbing.mediaReady(mediaId, signal);
    const seconds = ready.seconds ?? null;
    await store.setJobMediaReady(job.id, { seconds });
    // The service's name for the media is outside text: one holding a host, a path or a token is not a title.
    const name = ready.name !== null && holdsInternals(ready.name) ? null : ready.name;
    const title = titleOnceReady(job.title, job.source, name);
    // A title Slack gave meanwhile (a link preview that came later) is not overwritten.
    if (title !== job.title) await store.retitleJob(job.id, title, job.title);
    const now = await store.getJob(job.id);
    return {
      job: now ?? { ...job, mediaId, mediaError: null, mediaReady: true, mediaSeconds: seconds, title },
      mediaId,
    };
  }

  /** Asks the service to create the job's media; resolves with its id before the media is ready. */
  async #createMedia(job: Job, signal?: AbortSignal): Promise<string> {
    const { dubbing } = this.#o;
    if (job.source.kind === 'link') {
      // A title Slack gave (an unfurl) names the media; otherwise the service may name it better than the link.
      const given = !titleFromLink(job.title, job.source);
      return dubbing.createLinkMedia(job.source.link, given ? job.title : undefined, signal);
    }
    const download = await downloadSlackFile(job.source.url, {
      botToken: typeof this.#o.botToken === 'string' ? this.#o.botToken : await this.#o.botToken(),
      maxBytes: this.#o.maxFileBytes,
      extraHosts: this.#o.extraSlackHosts,
      ...(signal ? { signal } : {}),
    });
    try {
      return await dubbing.createFileMedia(download.body, {
        filename: job.source.name,
        contentType: job.source.mimetype || download.contentType,
        name: job.title,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      // The upload only sees its body end early; the download knows it was the file's size.
      throw download.failure() ?? error;
    }
  }

  async #ensureProject(job: Job, target: Target, mediaId: string): Promise<void> {
    const { store, dubbing } = this.#o;
    const tag = jobTag(job, target);
    if (target.createIntentAt !== null) {
      // A previous run asked for this project and may have died before recording the answer.
      const found = (await dubbing.findProjects(tag)).find((p) => p.name.includes(tag));
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
    const project = await dubbing.createProject({
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
    if (job.state === 'picking') {
      await this.#o.store.setJobMediaError(job.id, why);
      await this.#mediaChanged(job.id);
      return;
    }
    const pending = (await this.#o.store.targetsOf(job.id)).filter(
      (t) => !t.terminal && t.projectId === null,
    );
    await this.#fail(job, pending, 'upload_failed', why);
    await this.#o.store.setJobRunning(job.id);
    await this.#o.drawer.redrawCard(job.id, this.#now());
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
    const described = this.#o.dubbing.describeStatus(status);
    const info = label ? { ...described, label } : described;
    for (const target of targets) {
      await this.#o.store.recordPoll(
        target.id,
        { status, changed: true, terminal: true, nextPollAt: Number.MAX_SAFE_INTEGER, intervalMs: 0 },
        now,
        await changeDeliveries(this.#o.drawer, job, target, { id: '', status }, info, now, detail),
      );
    }
    this.#o.onDeliveries();
  }
}
