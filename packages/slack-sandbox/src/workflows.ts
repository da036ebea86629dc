// Workflow Builder, as far as an app's custom step sees it: a workflow reaches the step, and Slack sends the
// app a `function_executed` event with the step's inputs, an execution id and a bot token minted for that
// execution only. The step stays running until the app calls functions.completeSuccess (with its outputs) or
// functions.completeError (with a reason) with that token; any other token is refused, and once the step has
// ended the token is no longer valid, as in Slack.
import { randomBytes } from 'node:crypto';
import type { FakeSlack } from './fake-slack.ts';
import type { SlackDriver } from './slack-driver.ts';
import type { DriverResponse } from './transport.ts';

export type StepState = 'running' | 'completed' | 'failed';

export interface StepExecution {
  /** `Fx…`, the event's function_execution_id. */
  id: string;
  callbackId: string;
  inputs: Record<string, unknown>;
  /** The event's bot_access_token: the only token the completion calls accept for this execution. */
  token: string;
  state: StepState;
  /** What completeSuccess handed to the next step. */
  outputs?: Record<string, unknown>;
  /** What completeError said. */
  error?: string;
  /** Every completion call made for it, accepted or not. */
  calls: { method: string; accepted: boolean }[];
}

/** The workflow runs this Slack has started, by execution id. */
export class Workflows {
  readonly executions = new Map<string, StepExecution>();
  readonly #onChange: (execution: StepExecution) => void;

  /** `onChange`: told of each run as it starts and as it ends. */
  constructor(onChange: (execution: StepExecution) => void) {
    this.#onChange = onChange;
  }

  /** Starts a run of the app's step `callbackId` with `inputs`; the event to send is `functionExecuted(…)`. */
  run(callbackId: string, inputs: Record<string, unknown>): StepExecution {
    const execution: StepExecution = {
      id: `Fx${randomBytes(5).toString('hex').toUpperCase()}`,
      callbackId,
      inputs,
      token: `xwfp-${randomBytes(12).toString('hex')}`,
      state: 'running',
      calls: [],
    };
    this.executions.set(execution.id, execution);
    this.#onChange(execution);
    return execution;
  }

  /** The runs still waiting for the app to complete them. */
  running(): StepExecution[] {
    return [...this.executions.values()].filter((e) => e.state === 'running');
  }

  /** Whether `method` is one of the completion calls, answered by `complete` rather than the bot token. */
  static handles(method: string): boolean {
    return method === 'functions.completeSuccess' || method === 'functions.completeError';
  }

  /**
   * functions.completeSuccess / completeError with `token` (the Authorization header's, or a `token` field):
   * only the execution's own token, while it runs.
   */
  complete(method: string, token: string, args: Record<string, unknown>): Record<string, unknown> {
    const execution = this.executions.get(String(args.function_execution_id ?? ''));
    if (!execution) {
      // A token of no run is no token at all; one of another run does not name this one.
      return [...this.executions.values()].some((e) => e.token === token && e.state === 'running')
        ? { ok: false, error: 'function_execution_not_found' }
        : { ok: false, error: 'invalid_auth' };
    }
    const answer = this.#end(execution, method, token, args);
    execution.calls.push({ method, accepted: answer.ok === true });
    if (answer.ok) this.#onChange(execution);
    return answer;
  }

  /** Ends the run as the call asks, when its token and arguments are right; Slack's answer either way. */
  #end(
    execution: StepExecution,
    method: string,
    token: string,
    args: Record<string, unknown>,
  ): Record<string, unknown> {
    if (execution.state !== 'running') return { ok: false, error: 'token_expired' };
    if (execution.token !== token) return { ok: false, error: 'invalid_auth' };
    if (method === 'functions.completeSuccess') {
      const outputs = parseObject(args.outputs);
      if (!outputs) return { ok: false, error: 'invalid_arguments' };
      execution.state = 'completed';
      execution.outputs = outputs;
    } else {
      if (typeof args.error !== 'string' || args.error === '')
        return { ok: false, error: 'invalid_arguments' };
      execution.state = 'failed';
      execution.error = args.error;
    }
    return { ok: true };
  }
}

/** The `function_executed` event Slack sends the app for a run of its step. */
export function functionExecutedEvent(execution: StepExecution, appId: string): Record<string, unknown> {
  return {
    type: 'function_executed',
    function: {
      id: `Fn${execution.callbackId.toUpperCase().replace(/[^A-Z0-9]/g, '')}`,
      callback_id: execution.callbackId,
      type: 'app',
      app_id: appId,
    },
    inputs: execution.inputs,
    function_execution_id: execution.id,
    workflow_execution_id: `Wx${execution.id.slice(2)}`,
    event_ts: String(Date.now() / 1000),
    bot_access_token: execution.token,
  };
}

/**
 * A workflow reaching the app's step: a new run of `callbackId` with `inputs`, its event sent to the app (HTTP
 * or Socket Mode, as the driver speaks). `again`: the same run's event sent once more, as Slack redelivers it.
 */
export async function runWorkflowStep(
  stage: { slack: FakeSlack; driver: SlackDriver },
  step: { callbackId: string; inputs: Record<string, unknown> } | { again: StepExecution; eventId: string },
): Promise<{ execution: StepExecution; eventId: string; response: DriverResponse }> {
  const execution = 'again' in step ? step.again : stage.slack.workflows.run(step.callbackId, step.inputs);
  const event = functionExecutedEvent(execution, stage.slack.appId);
  const { eventId, ...response } = await stage.driver.event(
    event,
    'again' in step ? { eventId: step.eventId, retryNum: 1 } : {},
  );
  return { execution, eventId, response };
}

/** The Web API client sends objects as JSON strings inside form bodies. */
function parseObject(value: unknown): Record<string, unknown> | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}
