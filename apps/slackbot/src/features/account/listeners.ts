// `/dub credits`, `/dub list [name]` and `/dub track <project id>`, and the list's page and Track buttons.
// Answers go to the one person (ephemeral).
import type {
  AllMiddlewareArgs,
  BlockAction,
  ButtonAction,
  RespondFn,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { readPageValue } from './project-list.ts';

const UNREACHABLE = 'The dubbing service could not be reached. Try again in a minute.';

export async function showCredits(deps: ListenerDeps, respond: RespondFn): Promise<void> {
  try {
    await respond({ response_type: 'ephemeral', ...(await deps.account.credits()) });
  } catch (error) {
    deps.logger.warn({ err: error }, 'reading the credits failed');
    await respond({ response_type: 'ephemeral', text: UNREACHABLE });
  }
}

export async function listProjects(
  deps: ListenerDeps,
  respond: RespondFn,
  query: { name: string | null; offset: number; user: string },
  replace = false,
): Promise<void> {
  try {
    await respond({
      response_type: 'ephemeral',
      replace_original: replace,
      ...(await deps.account.projects(query)),
    });
  } catch (error) {
    deps.logger.warn({ err: error }, 'listing projects failed');
    await respond({ response_type: 'ephemeral', text: UNREACHABLE });
  }
}

export async function trackCommand(
  deps: ListenerDeps,
  respond: RespondFn,
  input: { projectId: string; channel: string; userId: string },
): Promise<void> {
  try {
    const problem = await deps.account.track(input);
    if (problem) await respond({ response_type: 'ephemeral', text: problem });
    else deps.logger.info({ project: input.projectId, user: input.userId }, 'project tracked');
  } catch (error) {
    deps.logger.warn({ err: error }, 'tracking a project failed');
    await respond({ response_type: 'ephemeral', text: UNREACHABLE });
  }
}

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

export function turnProjectPage(deps: ListenerDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    const query = readPageValue(action.value ?? '');
    if (query) await listProjects(deps, respond, { ...query, user: body.user.id }, true);
  };
}

export function trackButton(deps: ListenerDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    const channel = body.channel?.id;
    if (!channel) return;
    await trackCommand(deps, respond, { projectId: action.value ?? '', channel, userId: body.user.id });
  };
}
