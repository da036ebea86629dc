// Routes `/dub <subcommand> …` (credits, list, track, settings, glossary) to its feature; everything else is
// left to the `/dub <link>` handler. Returns true when the command was handled here.
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { listProjects, showCredits, trackCommand } from '../account/listeners.ts';
import { glossaryCommand } from '../glossary/listeners.ts';
import { openSettings } from '../settings/listeners.ts';

type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

const SUBCOMMANDS = new Set(['credits', 'list', 'track', 'settings', 'glossary', 'glossaries']);

/** Whether `/dub …` names a subcommand rather than a video. */
export function isSubcommand(text: string): boolean {
  return SUBCOMMANDS.has((text.trim().split(/\s+/)[0] ?? '').toLowerCase());
}

export async function handleSubcommand(deps: ListenerDeps, args: CommandArgs): Promise<boolean> {
  const { command, respond } = args;
  const words = command.text.trim().split(/\s+/).filter(Boolean);
  const [first = '', ...rest] = words;
  switch (first.toLowerCase()) {
    case 'credits':
      await showCredits(deps, respond);
      return true;
    case 'list':
      // `/dub list waiting`: this channel's dubbed languages nobody approved yet (not a project name filter).
      if (rest.length === 1 && rest[0]!.toLowerCase() === 'waiting') {
        await respond({
          response_type: 'ephemeral',
          ...(await deps.approvals.waitingIn(command.channel_id)),
        });
        return true;
      }
      await listProjects(deps, respond, {
        name: rest.join(' ').slice(0, 100) || null,
        offset: 0,
        user: command.user_id,
      });
      return true;
    case 'track': {
      const projectId = rest[0];
      if (!projectId || rest.length > 1) {
        await respond({
          response_type: 'ephemeral',
          text: 'Give one project id: `/dub track <project id>` (`/dub list` shows them).',
        });
        return true;
      }
      await trackCommand(deps, respond, { projectId, channel: command.channel_id, userId: command.user_id });
      return true;
    }
    case 'settings':
      await openSettings(deps, args);
      return true;
    case 'glossary':
    case 'glossaries':
      await glossaryCommand(deps, args, rest);
      return true;
    default:
      return false;
  }
}
