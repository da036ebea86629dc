// The workflow feature: the "Dub a video" Workflow Builder step (manifest.org.yaml's `functions`), its runs
// checked by their rule and recorded with their job; the step runner (runner.ts) ends them.
import { workflowStep } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import { DUB_VIDEO_STEP } from './inputs.ts';
import type { StepService } from './step.ts';

export interface WorkflowDeps {
  steps: StepService;
}

/** A run of "Dub a video": recorded once with its job, then acked (a failure before leaves it to Slack to send again). */
export const dubVideo = workflowStep({
  callbackId: DUB_VIDEO_STEP,
  rule: rules.workflowRun,
  handler: (deps: WorkflowDeps) => async (args, run) => {
    await deps.steps.record(run, args.context.botUserId ?? '');
    await args.ack();
  },
});

export const workflowInteractions = [dubVideo];

export function registerWorkflow(r: Registry, deps: WorkflowDeps): void {
  r.register(workflowInteractions, deps);
}
