// `/dub`: the account, glossary and settings subcommands, help, usage errors (ephemeral), or a job —
// started at once when languages are given, otherwise a job card with the picker posted in the channel.
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { parseDubCommand, titleFor } from '../../domain/requests.ts';
import type { OpenResult } from '../../jobs/service.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';
import type { JobSource } from '../../store/store.ts';
import { helpMessage, usageError } from '../../ui/usage.ts';
import { handleSubcommand, isSubcommand } from './subcommands.ts';

/** Said when the request could not be recorded (the database is unreachable): nothing was started. */
export const BUSY =
  'I could not take that right now (my database is not answering); nothing was started. Try again in a minute.';

export function dubCommand(deps: ListenerDeps) {
  return async (args: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    const { command, ack, respond } = args;
    const parsed = parseDubCommand(command.text);
    if (!parsed.ok || parsed.value.kind === 'help' || isSubcommand(command.text)) {
      await ack();
      if (await handleSubcommand(deps, args)) return;
      await respond({
        response_type: 'ephemeral',
        ...(parsed.ok ? helpMessage() : usageError(parsed.problem)),
      });
      return;
    }
    // Recorded before the ack: Slack never sends a command twice, so an ack with nothing recorded is lost.
    const request = parsed.value;
    const source: JobSource = { kind: 'link', link: request.link };
    let result: OpenResult;
    try {
      result = await deps.jobs.request({
        triggerKey: `cmd:${command.trigger_id}`,
        channel: command.channel_id,
        threadTs: null,
        userId: command.user_id,
        source,
        title: titleFor(source),
        srcLang: request.srcLang,
        numSpeakers: request.numSpeakers,
        request: { dstLangs: request.dstLangs, responseUrl: command.response_url ?? null },
      });
    } catch (error) {
      deps.logger.error({ err: error }, 'recording a /dub command failed');
      await ack();
      await respond({ response_type: 'ephemeral', text: BUSY });
      return;
    }
    await ack();
    deps.logger.info({ job: result.jobId, outcome: result.outcome, trigger: 'command' }, 'job requested');
  };
}
