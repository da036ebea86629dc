// Ending a Workflow Builder step's run: functions.completeSuccess with its outputs, or functions.completeError
// with a reason, each made with the token Slack minted for that run (the bot token is refused). No retries
// here: the step runner decides, knowing whether an earlier try may have been heard.
import type { WebClient } from '@slack/web-api';

export interface StepCompletion {
  success(token: string, executionId: string, outputs: Record<string, unknown>): Promise<void>;
  error(token: string, executionId: string, reason: string): Promise<void>;
}

/** Slack's answers that mean the run can no longer be ended with this token (it ended, or expired). */
const GONE = new Set(['invalid_auth', 'token_expired', 'token_revoked', 'function_execution_not_found']);

/** Whether `error` says the run is past ending: ended already (an earlier try was heard), or expired. */
export function runIsGone(error: unknown): boolean {
  const code = (error as { data?: { error?: string } }).data?.error;
  return code !== undefined && GONE.has(code);
}

export function webStepCompletion(slack: WebClient): StepCompletion {
  return {
    async success(token, executionId, outputs) {
      await slack.functions.completeSuccess({ token, function_execution_id: executionId, outputs });
    },
    async error(token, executionId, reason) {
      await slack.functions.completeError({ token, function_execution_id: executionId, error: reason });
    },
  };
}
