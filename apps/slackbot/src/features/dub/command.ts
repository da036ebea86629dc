// `/dub`: a subcommand another feature registered (credits, list, glossary, settings, …), help, usage errors
// (ephemeral), or a job — started at once when languages are given as codes (`to es,de`), otherwise a job card
// with the picker posted in the channel, the languages named in words ticked on it.
import type { Logger } from 'pino';
import type { CommandArgs } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import type { ChannelSubject } from '../../access/rules.ts';
import { parseDubCommand, titleFor } from '../../domain/requests.ts';
import type { JobSource } from '../../store/store.ts';
import type { JobService } from './service.ts';
import { helpMessage, usageError } from './usage.ts';

export interface CommandDeps {
  jobs: JobService;
  logger: Logger;
}

export function dubCommand(deps: CommandDeps, registry: Pick<Registry, 'subcommandIn' | 'subcommands'>) {
  return async (args: CommandArgs, subject: ChannelSubject) => {
    const { command, ack, respond } = args;
    const { channel } = subject;
    // The gate checked the subcommand's own rule for this text: its subject is the one to act on.
    const named = registry.subcommandIn(command.text);
    if (named) {
      if (!named.subcommand.acksOnceRecorded) await ack();
      await named.subcommand.run(args, named.words, subject);
      return;
    }
    const parsed = parseDubCommand(command.text);
    if (!parsed.ok || parsed.value.kind === 'help') {
      await ack();
      const more = registry.subcommands.map((s) => s.help);
      await respond({
        response_type: 'ephemeral',
        ...(parsed.ok ? helpMessage(more) : usageError(parsed.problem)),
      });
      return;
    }
    const noAccount = deps.jobs.noAccount();
    if (noAccount) {
      await ack();
      await respond({ response_type: 'ephemeral', text: noAccount });
      return;
    }
    // Recorded before the ack: Slack never sends a command twice, so an ack with nothing recorded is lost. A
    // failure is the gate's to answer, in the ack (busy when the database is away: access/middleware.ts).
    const request = parsed.value;
    const source: JobSource = { kind: 'link', link: request.link };
    const result = await deps.jobs.request({
      triggerKey: `cmd:${command.trigger_id}`,
      channel,
      threadTs: null,
      userId: command.user_id,
      source,
      title: titleFor(source),
      srcLang: request.srcLang,
      numSpeakers: request.numSpeakers,
      request: {
        dstLangs: request.dstLangs,
        ...(request.preselect ? { preselect: request.preselect } : {}),
        responseUrl: command.response_url ?? null,
      },
    });
    await ack();
    if (request.question) await respond({ response_type: 'ephemeral', text: request.question });
    deps.logger.info({ job: result.jobId, outcome: result.outcome, trigger: 'command' }, 'job requested');
  };
}
