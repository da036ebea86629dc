// `/dub credits`, `/dub list [words]`, `/dub list projects [name]` and `/dub track <project id>`, and the list's page and Track buttons.
// Answers go to the one person (ephemeral).
import type { RespondFn } from '@slack/bolt';
import type { Logger } from 'pino';
import { type ButtonArgs, button, type CommandArgs } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { type ChannelSubject, rules } from '../../access/rules.ts';
import { NoAccountError } from '../../dubbing/service.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import { JOB_LIST } from './job-list.ts';
import { PROJECT_LIST, readPageValue } from './project-list.ts';
import type { AccountService } from './service.ts';

export interface AccountDeps {
  account: AccountService;
  /** `/dub list waiting`: the channel's dubbed languages nobody approved yet. */
  waitingIn(channel: string): Promise<MessageContent>;
  logger: Logger;
}

export function registerAccount(r: Registry, deps: AccountDeps): void {
  r.subcommand({
    names: ['credits'],
    help: '`/dub credits` — minutes, videos and free lip-sync minutes left',
    rule: rules.caller,
    run: ({ respond }) => showCredits(deps, respond),
  });
  r.subcommand({
    names: ['list'],
    help:
      '`/dub list [words]` — the dubs in your channels, by title · `/dub list waiting` — what waits for review here · ' +
      '`/dub list projects [name]` — the dubbing account’s projects',
    rule: rules.caller,
    run: async ({ command, respond }, words, { channel }) => {
      // `/dub list waiting`: this channel's dubbed languages nobody approved yet (not a title filter).
      if (words.length === 1 && words[0]!.toLowerCase() === 'waiting') {
        await respond({ response_type: 'ephemeral', ...(await deps.waitingIn(channel)) });
        return;
      }
      // `/dub list projects`: the account's projects, with Track for one the app does not follow yet.
      if (words[0]?.toLowerCase() === 'projects') {
        await listProjects(deps, respond, {
          name: words.slice(1).join(' ').slice(0, 100) || null,
          offset: 0,
          user: command.user_id,
        });
        return;
      }
      await listJobs(deps, respond, {
        name: words.join(' ').slice(0, 100) || null,
        offset: 0,
        user: command.user_id,
      });
    },
  });
  r.subcommand({
    names: ['track'],
    help: '`/dub track <project id>` — follow one in a new thread',
    rule: rules.caller,
    run: (args, words, { channel }) => trackSubcommand(deps, args, words, channel),
  });
  r.register(accountInteractions, deps);
}

/** Next and Previous under `/dub list projects`. */
export const projectPage = button({
  id: PROJECT_LIST.page,
  rule: rules.channelMember,
  handler: (deps: AccountDeps) => turnPage(deps, listProjects),
});
/** Next and Previous under `/dub list`. */
export const jobPage = button({
  id: JOB_LIST.page,
  rule: rules.channelMember,
  handler: (deps: AccountDeps) => turnPage(deps, listJobs),
});
/** Track, on a project the app does not follow yet. */
export const track = button({ id: PROJECT_LIST.track, rule: rules.channelMember, handler: trackButton });

export const accountInteractions = [projectPage, jobPage, track];

async function trackSubcommand(
  deps: AccountDeps,
  { command, respond }: CommandArgs,
  words: string[],
  channel: string,
) {
  const projectId = words[0];
  if (!projectId || words.length > 1) {
    await respond({
      response_type: 'ephemeral',
      text: 'Give one project id: `/dub track <project id>` (`/dub list projects` shows them).',
    });
    return;
  }
  await trackCommand(deps, respond, { projectId, channel, userId: command.user_id });
}

const UNREACHABLE = 'The dubbing service could not be reached. Try again in a minute.';

async function showCredits(deps: AccountDeps, respond: RespondFn): Promise<void> {
  try {
    await respond({ response_type: 'ephemeral', ...(await deps.account.credits()) });
  } catch (error) {
    if (error instanceof NoAccountError) {
      await respond({ response_type: 'ephemeral', text: error.message });
      return;
    }
    deps.logger.warn({ err: error }, 'reading the credits failed');
    await respond({ response_type: 'ephemeral', text: UNREACHABLE });
  }
}

type ListQuery = { name: string | null; offset: number; user: string };

async function listProjects(deps: AccountDeps, respond: RespondFn, query: ListQuery, replace = false) {
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

/** The jobs come from the store alone: no service call, so a failure is the app's, not the service's. */
async function listJobs(deps: AccountDeps, respond: RespondFn, query: ListQuery, replace = false) {
  await respond({
    response_type: 'ephemeral',
    replace_original: replace,
    ...(await deps.account.jobs(query)),
  });
}

async function trackCommand(
  deps: AccountDeps,
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

/** A page button of either list: the list drawn again at the page's offset, in place of the one clicked. */
function turnPage(deps: AccountDeps, list: typeof listJobs) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    const query = readPageValue(action.value ?? '');
    if (query) await list(deps, respond, { ...query, user: body.user.id }, true);
  };
}

function trackButton(deps: AccountDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs, { channel }: ChannelSubject) => {
    await ack();
    await trackCommand(deps, respond, { projectId: action.value ?? '', channel, userId: body.user.id });
  };
}
