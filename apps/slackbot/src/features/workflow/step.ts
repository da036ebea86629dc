// A workflow reached the "Dub a video" step: the run is recorded with the job it opens — a `/dub` command's
// kind of job, recorded as requested under the run's execution id (so a redelivered event opens nothing new),
// admitted by the starter once the channel is known to take the app's posts, and started at once with the
// step's languages. Inputs that cannot open a job are recorded too, with the reason: the step runner ends every
// run, so that one path (leased, once) calls Slack.
import type { StepRun } from '../../access/rules.ts';
import { checkSharedFile, titleFor } from '../../domain/requests.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { JobSource, StepInputs, WorkflowStepStore } from '../../store/store.ts';
import type { JobService } from '../dub/service.ts';
import { DUB_VIDEO_STEP, type DubVideoInputs, readStepInputs } from './inputs.ts';

export interface StepServiceOptions {
  store: WorkflowStepStore;
  jobs: Pick<JobService, 'request'>;
  slack: Pick<Interactions, 'sharedFile'>;
  maxFileBytes: number;
  /** Wakes the step runner (a run was recorded). */
  wakeSteps: () => void;
  now?: () => number;
}

const NO_INPUTS: StepInputs = { languages: [], approvers: [], waitForApproval: false };

export class StepService {
  readonly #o: StepServiceOptions;
  readonly #now: () => number;

  constructor(options: StepServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Records a run once, with its job (`author`: whom the card names as having started it). Throws when Slack or
   * the store could not answer: the run is then not acked, and Slack sends it again.
   */
  async record(run: StepRun, author: string): Promise<void> {
    const { store } = this.#o;
    if (await store.getStep(run.executionId)) return;
    const base = { executionId: run.executionId, callbackId: DUB_VIDEO_STEP, token: run.token };
    const failed = async (problem: string) => {
      await store.recordStep({ ...base, jobId: null, inputs: NO_INPUTS, problem }, this.#now());
      this.#o.wakeSteps();
    };
    const read = readStepInputs(run.inputs);
    if (!read.ok) return failed(read.problem);
    const source = await this.#source(read.value);
    if (!source.ok) return failed(source.problem);
    const { languages, approvers, waitForApproval, channel } = read.value;
    const opened = await this.#o.jobs.request({
      triggerKey: `wf:${run.executionId}`,
      channel,
      threadTs: null,
      userId: author,
      source: source.value,
      title: titleFor(source.value),
      request: { dstLangs: languages, responseUrl: null },
    });
    await store.recordStep(
      { ...base, jobId: opened.jobId, inputs: { languages, approvers, waitForApproval }, problem: null },
      this.#now(),
    );
    this.#o.wakeSteps();
  }

  /** The job's source: the link, or the Slack file as Slack describes it, shared in the step's channel. */
  async #source(
    inputs: DubVideoInputs,
  ): Promise<{ ok: true; value: JobSource } | { ok: false; problem: string }> {
    if (inputs.video.kind === 'link') return { ok: true, value: inputs.video };
    const file = await this.#o.slack.sharedFile(inputs.video.fileId, { channel: inputs.channel });
    if (!file)
      return {
        ok: false,
        problem: `The step’s “Video” input names a file that is not shared in <#${inputs.channel}>: share it there, or give the step a link.`,
      };
    const checked = checkSharedFile(file, this.#o.maxFileBytes);
    return checked.ok ? checked : { ok: false, problem: `The step’s “Video” input: ${checked.problem}` };
  }
}
