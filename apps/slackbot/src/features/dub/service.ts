// The dub feature's service: what its listeners ask of the jobs, after they acked: open a job (from a command, a
// dropped message or the shortcut), start it with the picked languages and glossaries, cancel it, retry a failed
// language, and find a dubbed language for the follow-up actions. Each call records the change and the Slack writes
// it causes in the store, then wakes the loops that carry them out.
import {
  type AutopilotMark,
  type AutopilotSetting,
  minutesCounted,
  periodEnd,
  periodStart,
} from '../../domain/autopilot.ts';
import { minutesNeeded } from '../../domain/credits.ts';
import { type DroppedMessage, readDrop } from '../../domain/drops.ts';
import { preselection } from '../../domain/requests.ts';
import { firstTitle, titleFromLink } from '../../domain/video.ts';
import { NoAccountError } from '../../dubbing/service.ts';
import { holdsInternals } from '../../errors/public.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type {
  AutopilotStore,
  GlossaryStore,
  Job,
  JobChoice,
  JobRequest,
  JobSource,
  JobStore,
  NewJob,
  OutboxStore,
  PickedChoice,
  Target,
} from '../../store/store.ts';
import { cardLanguage, type PickerGlossary } from '../../thread/card.ts';
import type { ThreadDrawer } from '../../thread/drawer.ts';
import { retriedReply, stoppedReply } from '../../thread/milestones.ts';
import type { SupportIds } from '../../thread/status.ts';
import { escapeProse, type MessageContent, type StateValues } from '../../ui/blocks.ts';
import { JOB_CARD, readJobChoice } from './card-blocks.ts';
import type { Price } from './confirm-views.ts';
import { recordGlossaryChoice } from './glossary-choice.ts';
import { pickedGlossaries } from './glossary-picker.ts';
import { jobStateAnswer } from './thread-answer.ts';

export interface JobServiceOptions {
  store: AutopilotStore & GlossaryStore & JobStore & OutboxStore;
  /** Wake the deliverer (Slack writes were enqueued) and the tracker (work became due). */
  wakeDeliverer: () => void;
  wakeTracker: () => void;
  /** What the picker offers for a job: the channel's default languages and its glossaries. */
  picker: (job: Job) => Promise<{ dstLangs: string[]; glossaries: PickerGlossary[]; glossaryIds: string[] }>;
  maxFileBytes: number;
  /** Draws the thread's shared messages (the status messages) from the store. */
  drawer: ThreadDrawer;
  /**
   * The workspace has no dubbing account (OAuth mode, none connected and no default): no dub is opened or
   * started, and the person is told who can connect one.
   */
  noAccount?: boolean;
  /** Whole minutes left on the account; undefined when the service could not say (never throws). */
  minutesLeft?: () => Promise<number | undefined>;
  /** Whether the app can post in a channel, and the answer to a command: for recorded `/dub` commands. */
  slack: Pick<Interactions, 'canPostIn' | 'respond'>;
  /** The learned time a running language likely has left, in ms; undefined while not learned. */
  timeLeft?: (target: Target, videoSeconds: number | null, now: number) => number | undefined;
  now?: () => number;
}

/** The status of a dubbed project: the one ended language that Retry never starts again. */
const DUBBED = 'merging_done';

/** What a person is told when the app cannot post where they ran `/dub`. */
export const INVITE_ME =
  'I can only post the dub in a channel I am in: invite me with `/invite @dubkit`, then try again.';

export type OpenResult = { outcome: 'created' | 'duplicate'; jobId: string };

/**
 * What became of a dropped message: a job (and what to ask its author about the languages they named, once),
 * nothing to do, or a problem to tell its author (once).
 */
export type DropResult =
  | { kind: 'opened'; result: OpenResult; question?: string }
  | { kind: 'no-account'; why: string }
  | { kind: 'ignored' }
  | { kind: 'problem'; problem: string };

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: string };

export class JobService {
  readonly #o: JobServiceOptions;
  readonly #now: () => number;

  constructor(options: JobServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** Why nothing can be dubbed in this workspace (it has no dubbing account), in Slack words; else undefined. */
  noAccount(): string | undefined {
    return this.#o.noAccount ? new NoAccountError().message : undefined;
  }

  /**
   * Opens a job for a trigger (once per trigger: a redelivered event finds the job already there). With a
   * choice it starts at once; otherwise the job card with the picker is posted, unless `postCard` is false
   * (the shortcut's modal picks instead). `preselect` (languages the person named) is ticked on the card in
   * place of the channel's defaults.
   */
  async open(
    input: NewJob & { choice?: JobChoice; postCard: boolean; preselect?: string[] },
  ): Promise<OpenResult> {
    const { store } = this.#o;
    const { job, created } = await store.createJob(input, this.#now());
    if (!created) return { outcome: 'duplicate', jobId: job.id };
    if (input.choice) await this.start(job.id, input.choice);
    else if (input.postCard) await this.#postPicker(job, input.preselect);
    return { outcome: 'created', jobId: job.id };
  }

  /**
   * The card with its picker: the languages the person named ticked, or else the channel's defaults (recorded
   * as what the card holds, for every later drawing of it). It is recorded before the service is asked for the
   * minutes left, so that a crash or a slow service never leaves a recorded job without its card; the minutes
   * are then added to the card while it still waits for Start (the outbox folds both into one post when the
   * first has not gone out yet).
   */
  async #postPicker(job: Job, preselect: string[] | undefined): Promise<void> {
    const { store } = this.#o;
    const { dstLangs, glossaryIds } = await this.#o.picker(job);
    const picked = await store.setPicking(
      job.id,
      { dstLangs: preselect ?? dstLangs, glossaryIds },
      { srcLang: job.srcLang, numSpeakers: job.numSpeakers },
    );
    if (!picked) return;
    await this.#drawPicker(picked, undefined);
    const minutesLeft = await this.minutesLeft();
    if (minutesLeft !== undefined) await this.#redraw(job.id, minutesLeft);
  }

  /** Enqueues the waiting card as the store has it, with the minutes left when known. */
  async #drawPicker(read: Job, minutesLeft: number | undefined): Promise<void> {
    const { dstLangs, glossaries, glossaryIds } = await this.#o.picker(read);
    // Read again just before it is drawn: what was recorded meanwhile (a title, ticks, the video ready) is
    // never drawn over by an older reading (the card's one key keeps the last drawing).
    const job = await this.#o.store.getJob(read.id);
    if (job?.state !== 'picking') return;
    const picked = job.picked ?? { dstLangs, glossaryIds };
    await this.#o.store.enqueue(
      this.#o.drawer.card(job, 'picking', picked.dstLangs, {
        glossaries,
        glossaryIds: picked.glossaryIds ?? glossaryIds,
        ...(minutesLeft === undefined ? {} : { minutesLeft }),
      }),
      this.#now(),
    );
    this.#o.wakeDeliverer();
  }

  /**
   * Draws a waiting card again from the store, with the minutes left as the service says now: once its video is
   * ready (its length and the minutes the ticked languages need) or refused. Nothing when the job no longer
   * waits, or its card was never posted (the shortcut's modal picks instead).
   */
  async redrawPicker(jobId: string): Promise<void> {
    if (!(await this.#o.store.getDelivery(`card:${jobId}`))) return;
    await this.#redraw(jobId, await this.minutesLeft());
  }

  /** The waiting card drawn again as the store has it now, unless it no longer waits. */
  async #redraw(jobId: string, minutesLeft: number | undefined): Promise<void> {
    const job = await this.#o.store.getJob(jobId);
    if (job?.state === 'picking') await this.#drawPicker(job, minutesLeft);
  }

  /**
   * A person changed the languages or the source language on a waiting card: what the card holds is recorded,
   * and the card is drawn again only when what it says changes (the estimate, the source language) — a tick
   * that changes nothing visible is not worth an edit.
   */
  async pickerChanged(job: Job, values: StateValues): Promise<void> {
    const { store } = this.#o;
    if (job.state !== 'picking') return;
    // What the payload does not carry (a picker Slack left out) stays as recorded.
    const read = readJobChoice(values);
    const has = (action: string) => Object.values(values).some((block) => block[action] !== undefined);
    const choice = {
      dstLangs: has(JOB_CARD.dstAction) ? read.dstLangs : (job.picked?.dstLangs ?? []),
      srcLang: has(JOB_CARD.srcAction) ? read.srcLang : job.srcLang,
      numSpeakers: has(JOB_CARD.speakersAction) ? read.numSpeakers : job.numSpeakers,
    };
    const offered = new Set((await this.#o.picker(job)).glossaries.map((g) => g.id));
    const glossaryIds = pickedGlossaries(values as Parameters<typeof pickedGlossaries>[0])?.filter((id) =>
      offered.has(id),
    );
    const picked: PickedChoice = {
      dstLangs: choice.dstLangs,
      ...(glossaryIds
        ? { glossaryIds }
        : job.picked?.glossaryIds
          ? { glossaryIds: job.picked.glossaryIds }
          : {}),
    };
    const now = await store.setPicking(job.id, picked, {
      srcLang: choice.srcLang,
      numSpeakers: choice.numSpeakers,
    });
    if (!now) return;
    // Minutes needed change with the number of languages once the video's length is known.
    const needed = (langs: number) =>
      job.mediaSeconds === null ? 0 : minutesNeeded(job.mediaSeconds, langs);
    const before = job.picked?.dstLangs.length ?? choice.dstLangs.length;
    if (now.srcLang === job.srcLang && needed(before) === needed(choice.dstLangs.length)) return;
    await this.#drawPicker(now, await this.minutesLeft());
  }

  /**
   * Why a Start with these languages cannot go on, before anything is created: the video was refused, or the
   * languages need more minutes than are left — the video's length in whole minutes each once it is known, at
   * least a minute each before. Undefined when it may go on (or the minutes could not be read).
   */
  async startProblem(job: Job, dstLangs: string[]): Promise<string | undefined> {
    const noAccount = this.noAccount();
    if (noAccount) return `⚠️ Not started: ${noAccount}`;
    if (job.mediaError !== null && !job.mediaReady) {
      return `⚠️ Not started: the service could not take this video: ${escapeProse(job.mediaError)}. Share a link it can open, or upload the file here, and I will make a new card.`;
    }
    const left = await this.minutesLeft();
    if (left === undefined) return undefined;
    const seconds = job.mediaReady ? job.mediaSeconds : null;
    const needed = seconds === null ? dstLangs.length : minutesNeeded(seconds, dstLangs.length);
    if (needed <= left) return undefined;
    const langs = `${dstLangs.length} language${dstLangs.length === 1 ? '' : 's'}`;
    const uses =
      seconds === null
        ? `uses at least ${needed} minutes (each language uses the video’s length in whole minutes)`
        : `needs ${needed} minutes (the video’s length in whole minutes, for each language)`;
    return (
      `⚠️ Not started: dubbing into ${langs} ${uses}, and ${left} ${left === 1 ? 'is' : 'are'} left on the ` +
      'account. Pick fewer languages and press Start again, or add minutes to the account. Nothing was created.'
    );
  }

  /** Whole minutes left on the account, or undefined when the service could not say. */
  minutesLeft(): Promise<number | undefined> {
    return this.#o.minutesLeft?.() ?? Promise.resolve(undefined);
  }

  /**
   * A `/dub` command, recorded before it is answered (Slack never sends a command twice): the starter then
   * checks the channel and posts the card or starts the job, after a crash too.
   */
  async request(input: NewJob & { request: JobRequest }): Promise<OpenResult> {
    const { job, created } = await this.#o.store.createJob(input, this.#now());
    this.#o.wakeTracker();
    return { outcome: created ? 'created' : 'duplicate', jobId: job.id };
  }

  /**
   * Admits a recorded command once its channel is known to take the app's posts: its card, or its start
   * when languages were given; otherwise tells its author. Throws when Slack could not say (tried again).
   */
  async admit(job: Job): Promise<void> {
    const request = job.request ?? { dstLangs: [], responseUrl: null };
    if (!(await this.#o.slack.canPostIn(job.channel))) {
      await this.refuse(job, INVITE_ME);
      return;
    }
    if (request.dstLangs.length > 0) {
      // Straight from recorded to starting, in one transaction: a database that goes away between two
      // steps must not leave the command waiting for a picker nobody was shown.
      await this.start(job.id, {
        dstLangs: request.dstLangs,
        srcLang: job.srcLang,
        numSpeakers: job.numSpeakers,
      });
      return;
    }
    const admitted = await this.#o.store.acceptRequest(job.id);
    if (!admitted) return;
    await this.#postPicker(admitted, request.preselect);
  }

  /** Cancels a recorded command that cannot go on, and tells its author why (through its response_url). */
  async refuse(job: Job, why: string): Promise<void> {
    if (!(await this.#o.store.refuseRequest(job.id))) return;
    const url = job.request?.responseUrl;
    if (url) await this.#o.slack.respond(url, { text: why, blocks: [] });
  }

  /**
   * A message with a video link or file: one job per message however often Slack delivers it. Posted in a
   * channel on `autopilot`: its languages ticked, and started once its video is ready when the channel starts
   * at once (features/autopilot/start.ts); a person's Start otherwise.
   */
  async openFromMessage(message: DroppedMessage, autopilot?: AutopilotSetting): Promise<DropResult> {
    const { store } = this.#o;
    if (await store.hasEvent(message.eventId)) return { kind: 'ignored' };
    const outcome = readDrop(message, this.#o.maxFileBytes);
    if (outcome.kind === 'none') {
      await store.recordEvent(message.eventId, this.#now());
      return { kind: 'ignored' };
    }
    if (outcome.kind === 'problem') {
      // One answer per message, even when both a mention and a file share event arrive for it.
      const first = await store.recordEvent(message.eventId, this.#now());
      const answered =
        first && (await store.recordEvent(`problem:${message.channel}:${message.ts}`, this.#now()));
      return answered ? { kind: 'problem', problem: outcome.problem } : { kind: 'ignored' };
    }
    const noAccount = this.noAccount();
    if (noAccount) {
      // Told once per message, however often Slack delivers it; no job is opened.
      const first = await store.recordEvent(message.eventId, this.#now());
      return first ? { kind: 'no-account', why: noAccount } : { kind: 'ignored' };
    }
    // Autopilot dubs into the channel's languages: the words of a message nobody addressed to the app are not read.
    const said = autopilot ? { preselect: autopilot.dstLangs } : preselection(message.text);
    const mark: AutopilotMark | undefined = autopilot && {
      mode: autopilot.mode,
      state: autopilot.mode === 'start' ? 'pending' : 'waiting',
    };
    const result = await this.#openForMessage(message, outcome.source, message.eventId, said, mark);
    return said?.question && result.outcome === 'created'
      ? { kind: 'opened', result, question: said.question }
      : { kind: 'opened', result };
  }

  /**
   * The shortcut on a message: the job is recorded at once (keyed by the message, like a drop), and the
   * modal picks its languages. The job when it waits for them; a problem otherwise.
   */
  async openForModal(message: DroppedMessage): Promise<Outcome<Job> | { ok: false; usage: string }> {
    const outcome = readDrop(message, this.#o.maxFileBytes);
    if (outcome.kind !== 'job') {
      return {
        ok: false,
        usage: outcome.kind === 'problem' ? outcome.problem : 'That message has no video.',
      };
    }
    const noAccount = this.noAccount();
    if (noAccount) return { ok: false, problem: noAccount };
    const opened = await this.#openForMessage(message, outcome.source);
    const job = await this.#o.store.getJob(opened.jobId);
    if (!job || job.state !== 'picking')
      return { ok: false, problem: 'That video is already being dubbed: see its thread.' };
    return { ok: true, value: job };
  }

  /**
   * Starts a job waiting for its languages, with the glossaries picked on its card (when the card had a
   * glossary picker); false when it was already started or cancelled.
   */
  async start(
    jobId: string,
    choice: JobChoice,
    pickedGlossaries?: string[],
    startedBy?: string,
  ): Promise<boolean> {
    const { store } = this.#o;
    if (pickedGlossaries && (await store.getJob(jobId))?.state === 'picking') {
      await recordGlossaryChoice(store, jobId, choice, pickedGlossaries);
    }
    const now = this.#now();
    const waiting = await store.getJob(jobId);
    const job = waiting?.autopilot
      ? await this.#startCounted(waiting, waiting.autopilot, choice, now, startedBy)
      : await store.startJob(jobId, choice, now, startedBy);
    if (!job) return false;
    await this.announceStart(job, now);
    return true;
  }

  /**
   * A person's Start on a card autopilot posted: never refused by the channel's cap (a person chose to spend),
   * but counted in it, with the video's length when known (at least a minute per language before).
   */
  async #startCounted(
    job: Job,
    mark: AutopilotMark,
    choice: JobChoice,
    now: number,
    startedBy: string | undefined,
  ): Promise<Job | undefined> {
    const { store } = this.#o;
    const setting = await store.channelAutopilot(job.channel);
    const period = setting?.period ?? mark.period ?? 'day';
    const minutes = minutesCounted(job.mediaReady ? job.mediaSeconds : null, choice.dstLangs.length);
    const started = await store.startJobCharged(
      job.id,
      choice,
      now,
      startedBy,
      { channel: job.channel, periodStart: periodStart(now, period), minutes, cap: null },
      {
        ...mark,
        minutes,
        period,
        resetsAt: periodEnd(now, period),
        ...(setting ? { capMinutes: setting.capMinutes } : {}),
      },
    );
    return started.kind === 'started' ? started.job : undefined;
  }

  /** What a recorded start announces (the card as started, each language's status), and the loops woken. */
  async announceStart(job: Job, now: number): Promise<void> {
    const { store } = this.#o;
    for (const delivery of await this.#o.drawer.startDeliveries(job, await store.targetsOf(job.id), now))
      await store.enqueue(delivery, now);
    this.#o.wakeDeliverer();
    this.#o.wakeTracker();
  }

  /** Cancels a job still waiting for its languages; the card names `userId`, who pressed Cancel. */
  async cancel(jobId: string, userId: string): Promise<boolean> {
    const { store } = this.#o;
    if (!(await store.cancelJob(jobId))) return false;
    const job = await store.getJob(jobId);
    if (job) await store.enqueue(this.#o.drawer.card(job, 'cancelled', [], { actor: userId }), this.#now());
    this.#o.wakeDeliverer();
    return true;
  }

  /**
   * Slack added link previews to a message after it was posted (it unfurls a link a moment later and says so
   * with a message_changed event): the job the message opened takes the preview's title when its own title
   * came only from the link, and its waiting card is drawn again.
   */
  async linkPreviewed(channel: string, ts: string, unfurls: DroppedMessage['unfurls']): Promise<void> {
    if (!unfurls?.length) return;
    const { store } = this.#o;
    const job = await store.jobByTrigger(`msg:${channel}:${ts}`);
    if (job?.source.kind !== 'link' || !titleFromLink(job.title, job.source)) return;
    const title = unfurlTitle(unfurls, job.source)?.trim();
    if (!title || !(await store.retitleJob(job.id, title, job.title))) return;
    if (job.state === 'picking') await this.redrawPicker(job.id);
  }

  /**
   * The answer to a question in a job's thread: a line per language as its card says it, and for a language
   * under way its stage and the learned time it has left.
   */
  async stateOf(job: Job): Promise<MessageContent> {
    const now = this.#now();
    const states = await this.#o.drawer.languageStates(job.id, now);
    return jobStateAnswer(
      job,
      states.map((state) => {
        const line = cardLanguage(state);
        if (line.phase !== 'running') return { line };
        const stage = state.info?.label ?? (job.mediaId ? 'Creating the project' : 'Uploading the video');
        return { line, running: { stage, leftMs: this.#o.timeLeft?.(state.target, job.mediaSeconds, now) } };
      }),
    );
  }

  /** The job whose thread this is. */
  jobOfThread(channel: string, threadTs: string): Promise<Job | undefined> {
    return this.#o.store.jobByThread(channel, threadTs);
  }

  /**
   * Stops following a started job (`userId` pressed Stop): its languages still under way end as stopped and
   * are never polled again; the card, their status messages and a reply say so. False when it was not running.
   */
  async stop(jobId: string, userId: string): Promise<boolean> {
    const { store } = this.#o;
    const before = await store.getJob(jobId);
    // What the languages under way had used, read before they end.
    const spent = before ? (await this.underWay(before)).spent : null;
    const stopped = await store.stopJob(jobId, userId);
    if (!stopped) return false;
    const job = await store.getJob(jobId);
    if (!job) return false;
    const now = this.#now();
    const targets = await store.targetsOf(jobId);
    await store.enqueue(
      this.#o.drawer.card(
        job,
        'stopped',
        targets.map((t) => t.dstLang),
        { actor: userId },
      ),
      now,
    );
    // Drawn from everything the store knows of each language (its approval, who is assigned), not only its stage.
    for (const target of stopped) await this.#o.drawer.redrawStatus(target.id, now);
    await store.enqueue(
      {
        key: `stopped:${job.id}`,
        jobId: job.id,
        kind: 'reply',
        inThread: true,
        payload: stoppedReply({ langs: stopped.map((t) => t.dstLang), userId, spent }),
      },
      now,
    );
    this.#o.wakeDeliverer();
    return true;
  }

  /** Starts a new attempt for a failed language (`userId` pressed Retry); false when it is not failed. */
  async retry(targetId: string, userId?: string): Promise<boolean> {
    const { store } = this.#o;
    const now = this.#now();
    const target = await store.retryTarget(targetId, now, userId);
    if (!target) return false;
    const job = await store.getJob(target.jobId);
    if (job) {
      // The status message, and the card with its line for the language.
      await this.#o.drawer.redrawStatus(target.id, now, { info: null });
      if (userId) await this.#retired(target.id, target.attempt, userId, now);
    }
    this.#o.wakeDeliverer();
    this.#o.wakeTracker();
    return true;
  }

  /** The earlier failed attempts' replies lose their Retry: it did its work (edited under their own keys). */
  async #retired(targetId: string, attempt: number, userId: string, now: number): Promise<void> {
    const { store } = this.#o;
    for (let earlier = attempt - 1; earlier >= 1; earlier--) {
      const reply = await store.getDelivery(`failed:${targetId}.${earlier}`);
      const content = reply?.payload as MessageContent | undefined;
      if (!reply || !content?.blocks.some((b) => b.type === 'actions')) continue;
      const { key, jobId, kind, inThread } = reply;
      await store.enqueue({ key, jobId, kind, inThread, payload: retriedReply(content, { userId }) }, now);
    }
  }

  /** The ids support asks for of a language that failed, as the store knows it now; undefined otherwise. */
  supportIds(targetId: string): Promise<SupportIds | undefined> {
    return this.#o.drawer.supportIds(targetId, this.#now());
  }

  /** Whether Retry can start a new attempt: the language ended without being dubbed (failed, or stopped). */
  retryable(target: Target): boolean {
    return target.terminal && target.status !== DUBBED;
  }

  /** What a new project for the job costs: the video's whole minutes (once known), and the minutes left. */
  async price(job: Job): Promise<Price> {
    return {
      perLanguage: job.mediaReady && job.mediaSeconds !== null ? minutesNeeded(job.mediaSeconds, 1) : null,
      minutesLeft: await this.minutesLeft(),
    };
  }

  /**
   * What a Stop would leave spent: the languages still under way and the minutes their projects used (the
   * video's whole minutes each, once the service created it); null minutes while the video's length is unknown.
   */
  async underWay(job: Job): Promise<{ langs: string[]; spent: number | null }> {
    const running = (await this.#o.store.targetsOf(job.id)).filter((t) => !t.terminal);
    const created = running.filter((t) => t.projectId !== null).length;
    return {
      langs: running.map((t) => t.dstLang),
      spent: job.mediaSeconds === null ? null : minutesNeeded(job.mediaSeconds, created),
    };
  }

  /** The languages a Stop ended, which Start again would start anew. */
  async stoppedLanguages(jobId: string): Promise<string[]> {
    return (await this.#o.store.targetsOf(jobId)).filter((t) => t.stoppedBy !== null).map((t) => t.dstLang);
  }

  /**
   * Start again on a stopped job's card: each language the Stop ended gets a new attempt (a new project, as a
   * Retry does); false when the job is not stopped.
   */
  async restart(jobId: string, userId: string): Promise<boolean> {
    const { store } = this.#o;
    if ((await store.getJob(jobId))?.state !== 'stopped') return false;
    const stopped = (await store.targetsOf(jobId)).filter((t) => t.stoppedBy !== null);
    let any = false;
    for (const target of stopped) any = (await this.retry(target.id, userId)) || any;
    return any;
  }

  /** Start again on a cancelled job's card: its picker again, as it was; false when it was not cancelled. */
  async reopen(jobId: string): Promise<boolean> {
    const reopened = await this.#o.store.reopenJob(jobId);
    if (!reopened) return false;
    await this.#drawPicker(reopened, await this.minutesLeft());
    return true;
  }

  /**
   * A message's job, keyed by the message: answered in its thread. With the event that brought it, the card
   * is posted; without (the shortcut), its modal picks instead.
   */
  #openForMessage(
    message: DroppedMessage,
    source: JobSource,
    eventId?: string,
    said?: ReturnType<typeof preselection>,
    autopilot?: AutopilotMark,
  ): Promise<OpenResult> {
    return this.open({
      ...(autopilot ? { autopilot } : {}),
      ...(said?.srcLang ? { srcLang: said.srcLang } : {}),
      ...(said?.preselect ? { preselect: said.preselect } : {}),
      ...(eventId ? { eventId } : {}),
      triggerKey: `msg:${message.channel}:${message.ts}`,
      channel: message.channel,
      threadTs: message.threadTs ?? message.ts,
      userId: message.user,
      source,
      title: firstTitle(source, {
        fileTitle: message.files.find((f) => source.kind === 'file' && f.id === source.fileId)?.title,
        unfurlTitle: unfurlTitle(message.unfurls, source),
      }),
      postCard: eventId !== undefined,
    });
  }
}

/**
 * The title of the link preview Slack attached for the job's link (the only preview when it names no link):
 * the linked site's words, outside text, so none that holds a host, a path or a token.
 */
function unfurlTitle(unfurls: DroppedMessage['unfurls'], source: JobSource): string | undefined {
  if (source.kind !== 'link' || !unfurls) return undefined;
  const bare = (url: string) => url.replace(/\/$/, '');
  const same = unfurls.find((u) => u.url !== undefined && bare(u.url) === bare(source.link));
  const title = (same ?? (unfurls.length === 1 && !unfurls[0]?.url ? unfurls[0] : undefined))?.title;
  return title === undefined || holdsInternals(title) ? undefined : title;
}
