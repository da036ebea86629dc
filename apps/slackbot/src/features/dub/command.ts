// `/dub`: the account, glossary and settings subcommands, help, usage errors (ephemeral), or a job —
// started at once when languages are given, otherwise a job card with the picker posted in the channel.
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { parseDubCommand, titleFor } from '../../domain/requests.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';
import type { JobSource } from '../../store/store.ts';
import { helpMessage, usageError } from '../../ui/usage.ts';
import { handleSubcommand } from './subcommands.ts';

export function dubCommand(deps: ListenerDeps) {
  return async (args: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    const { command, ack, respond } = args;
    await ack();
    if (await handleSubcommand(deps, args)) return;
    const parsed = parseDubCommand(command.text);
    if (!parsed.ok) {
      await respond({ response_type: 'ephemeral', ...usageError(parsed.problem) });
      return;
    }
    if (parsed.value.kind === 'help') {
      await respond({ response_type: 'ephemeral', ...helpMessage() });
      return;
    }
    if (!(await deps.slack.canPostIn(command.channel_id))) {
      await respond({
        response_type: 'ephemeral',
        text: 'I can only post the dub in a channel I am in: invite me with `/invite @dubkit`, then try again.',
      });
      return;
    }
    const request = parsed.value;
    const source: JobSource = { kind: 'link', link: request.link };
    const result = await deps.jobs.open({
      triggerKey: `cmd:${command.trigger_id}`,
      channel: command.channel_id,
      threadTs: null,
      userId: command.user_id,
      source,
      title: titleFor(source),
      srcLang: request.srcLang,
      numSpeakers: request.numSpeakers,
      postCard: true,
      ...(request.dstLangs.length > 0
        ? {
            choice: {
              dstLangs: request.dstLangs,
              srcLang: request.srcLang,
              numSpeakers: request.numSpeakers,
            },
          }
        : {}),
    });
    deps.logger.info({ job: result.jobId, outcome: result.outcome, trigger: 'command' }, 'job opened');
  };
}
