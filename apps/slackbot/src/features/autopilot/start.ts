// Autopilot's start of a job posted in a channel that starts at once: once the video's length is read, its
// minutes are reserved in the channel's count for the period and the job started, in one transaction
// (store/autopilot.ts) — within the cap it starts and the card says so with the minutes; past it the card says
// the cap is reached, how much was used and when the count starts again, and waits for a person's Start. Run by
// the starter on the job it holds the lease of, so after a crash or on another replica it is done once.
import { type AutopilotMark, minutesCounted, periodEnd, periodStart } from '../../domain/autopilot.ts';
import type { AutopilotStore, JobStore } from '../../store/store.ts';
import type { JobService } from '../dub/service.ts';

export interface AutopilotStartDeps {
  store: AutopilotStore & Pick<JobStore, 'getJob'>;
  jobs: Pick<JobService, 'announceStart' | 'redrawPicker' | 'startProblem'>;
  now?: () => number;
}

export class AutopilotStarter {
  readonly #d: AutopilotStartDeps;
  readonly #now: () => number;

  constructor(deps: AutopilotStartDeps) {
    this.#d = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** Starts the job within its channel's cap, or leaves its card waiting and saying why; once. */
  async run(jobId: string): Promise<void> {
    const { store, jobs } = this.#d;
    const job = await store.getJob(jobId);
    if (job?.state !== 'picking' || job.autopilot?.state !== 'pending') return;
    const waiting: AutopilotMark = { ...job.autopilot, state: 'waiting' };
    const setting = await store.channelAutopilot(job.channel);
    const dstLangs = job.picked?.dstLangs ?? [];
    // A video the service refused, or an account without the minutes, says so on the card; autopilot turned off
    // meanwhile leaves it to a person. Nothing is counted.
    const off = !setting || setting.dstLangs.length === 0 || dstLangs.length === 0;
    if (!job.mediaReady || off || (await jobs.startProblem(job, dstLangs)) !== undefined) {
      await store.markAutopilot(job.id, waiting);
      await jobs.redrawPicker(job.id);
      return;
    }
    const now = this.#now();
    const minutes = minutesCounted(job.mediaSeconds, dstLangs.length);
    const mark: AutopilotMark = {
      mode: job.autopilot.mode,
      state: 'started',
      minutes,
      capMinutes: setting.capMinutes,
      period: setting.period,
      resetsAt: periodEnd(now, setting.period),
    };
    const started = await store.startJobCharged(
      job.id,
      { dstLangs, srcLang: job.srcLang, numSpeakers: job.numSpeakers },
      now,
      undefined,
      {
        channel: job.channel,
        periodStart: periodStart(now, setting.period),
        minutes,
        cap: setting.capMinutes,
      },
      mark,
    );
    if (started.kind === 'started') {
      await jobs.announceStart(started.job, now);
    } else if (started.kind === 'capped') {
      await store.markAutopilot(job.id, { ...mark, state: 'capped', used: started.used });
      await jobs.redrawPicker(job.id);
    }
  }
}
