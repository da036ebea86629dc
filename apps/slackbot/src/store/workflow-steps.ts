// Runs of the "Dub a video" Workflow Builder step: one row per execution Slack sent (its id is the key, so a
// redelivered function_executed finds the run already there), holding what the completion needs — the job it
// opened, the token Slack minted for that execution (the only one functions.completeSuccess/Error accept),
// the inputs the outputs are read against — and whether the run has ended. A run is a due piece of work like
// a language's poll: leased to one replica at a time, checked again at `nextCheckAt` until it can be ended.

/** What the step was asked, as the workflow gave it (checked when the run was recorded). */
export interface StepInputs {
  languages: string[];
  /** Who may approve for the step; empty: whoever may approve in the channel. */
  approvers: string[];
  waitForApproval: boolean;
}

export interface NewWorkflowStep {
  executionId: string;
  /** The step's callback id (`dub_video`). */
  callbackId: string;
  token: string;
  /** The job it opened; null when its inputs could not open one (`problem` says why). */
  jobId: string | null;
  inputs: StepInputs;
  /** Why the run fails at once (its inputs were wrong), in words for the workflow's builder. */
  problem: string | null;
}

/** running: waiting for its job · completing: a completion call was tried, maybe heard · ended: Slack took it. */
export type WorkflowStepState = 'running' | 'completing' | 'ended';

export interface WorkflowStep extends NewWorkflowStep {
  state: WorkflowStepState;
  createdAt: number;
  nextCheckAt: number;
  /** Completion calls that failed in a row (their backoff grows with them). */
  failures: number;
}

export interface WorkflowStepStore {
  /** Records a run unless its execution was recorded before; false for a redelivery. */
  recordStep(step: NewWorkflowStep, now: number): Promise<boolean>;
  getStep(executionId: string): Promise<WorkflowStep | undefined>;
  /** Leases runs not ended whose check is due (lease free). */
  claimDueSteps(owner: string, now: number, leaseMs: number, limit: number): Promise<WorkflowStep[]>;
  /** Records that a completion call is about to be made (a later try must allow for it having been heard). */
  markStepCompleting(executionId: string): Promise<void>;
  /** Frees the run's lease; it is checked again from `nextCheckAt` (`failed`: one more failed completion call). */
  deferStep(executionId: string, owner: string, nextCheckAt: number, failed?: boolean): Promise<void>;
  /** The approvers the step that opened the job names (none: the job is no step's, or names nobody). */
  stepApprovers(jobId: string): Promise<string[]>;
  /** Slack took the completion: the run is never checked again. */
  endStep(executionId: string, now: number): Promise<void>;
}
