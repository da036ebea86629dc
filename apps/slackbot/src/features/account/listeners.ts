// `/dub credits`, `/dub list [name]` and `/dub track <project id>`, and the list's page and Track buttons:
// the account's balance as bars, its recent projects a page at a time, and adopting an existing project into
// a new thread that follows it like any job. Answers go to the one person (ephemeral).
import { describeStatus, NotFoundError, type Project } from '@dubkit/core';
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  RespondFn,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import { cardDelivery, statusDelivery } from '../../jobs/notify.ts';
import type { JobSource } from '../../store/store.ts';
import { creditsMessage } from './credits.ts';
import { PROJECT_LIST, projectList, readPageValue } from './project-list.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';

const UUIDISH = /^[0-9A-Za-z][0-9A-Za-z_-]{0,99}$/;

export async function showCredits(deps: ListenerDeps, respond: RespondFn): Promise<void> {
  try {
    const credits = await deps.extras.editing.credits();
    await respond({ response_type: 'ephemeral', ...creditsMessage(credits) });
  } catch (error) {
    deps.logger.warn({ err: error }, 'reading the credits failed');
    await respond({
      response_type: 'ephemeral',
      text: 'The dubbing service could not be reached. Try again in a minute.',
    });
  }
}

export async function listProjects(
  deps: ListenerDeps,
  respond: RespondFn,
  query: { name: string | null; offset: number },
  replace = false,
): Promise<void> {
  try {
    const page = await deps.extras.editing.listProjects({
      ...(query.name ? { name: query.name } : {}),
      offset: query.offset,
      limit: PROJECT_LIST.pageSize,
    });
    const projects = page.projects.map((p) => {
      const info = describeStatus(p.status);
      return {
        id: p.id,
        name: p.name,
        statusLabel: info.label,
        failed: info.failed,
        done: info.terminal && !info.failed,
        createdAt: p.created_at,
      };
    });
    await respond({
      response_type: 'ephemeral',
      replace_original: replace,
      ...projectList({ projects, name: query.name, offset: query.offset, more: page.more }),
    });
  } catch (error) {
    deps.logger.warn({ err: error }, 'listing projects failed');
    await respond({
      response_type: 'ephemeral',
      text: 'The dubbing service could not be reached. Try again in a minute.',
    });
  }
}

/** Adopts an existing project into a new thread in `channel`; returns what to tell the person. */
export async function trackProject(
  deps: ListenerDeps,
  input: { projectId: string; channel: string; userId: string },
): Promise<string | undefined> {
  const { projectId } = input;
  if (!UUIDISH.test(projectId)) return `"${projectId}" is not a project id (\`/dub list\` shows them).`;
  const known = await deps.store.targetOfProject(projectId);
  if (known) {
    const job = await deps.store.getJob(known.jobId);
    return `That project is already followed in a thread in <#${job?.channel ?? input.channel}>.`;
  }
  let project: Project;
  try {
    project = await deps.extras.editing.getProject(projectId);
  } catch (error) {
    if (error instanceof NotFoundError) return `There is no project \`${projectId}\` on the dubbing account.`;
    throw error;
  }
  const source: JobSource = project.source_url
    ? { kind: 'link', link: project.source_url }
    : { kind: 'file', fileId: '', name: project.name, size: 0, mimetype: '', url: '' };
  const now = deps.now();
  const job = await deps.store.adoptProject(
    {
      triggerKey: `cmd:track:${projectId}`,
      channel: input.channel,
      threadTs: null,
      userId: input.userId,
      source,
      title: project.name,
      srcLang: project.src_lang ?? null,
      numSpeakers: project.num_speakers ?? null,
    },
    project.dst_lang,
    projectId,
    now,
  );
  if (!job) return 'That project is already followed in a thread.';
  const target = (await deps.store.targetsOf(job.id))[0]!;
  await deps.store.enqueue(cardDelivery(job, 'started', [target.dstLang]), now);
  await deps.store.enqueue(
    statusDelivery(job, target, { status: project.status, info: statusInfo(project.status), now }),
    now,
  );
  deps.extras.wake();
  deps.logger.info({ job: job.id, project: projectId, user: input.userId }, 'project tracked');
  return undefined;
}

export async function trackCommand(
  deps: ListenerDeps,
  respond: RespondFn,
  input: { projectId: string; channel: string; userId: string },
): Promise<void> {
  try {
    const problem = await trackProject(deps, input);
    if (problem) await respond({ response_type: 'ephemeral', text: problem });
  } catch (error) {
    deps.logger.warn({ err: error }, 'tracking a project failed');
    await respond({
      response_type: 'ephemeral',
      text: 'The dubbing service could not be reached. Try again in a minute.',
    });
  }
}

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

export function registerAccountActions(app: App, deps: ListenerDeps): void {
  app.action<BlockAction<ButtonAction>>(PROJECT_LIST.page, async ({ ack, action, respond }: ButtonArgs) => {
    await ack();
    const query = readPageValue(action.value ?? '');
    if (query) await listProjects(deps, respond, query, true);
  });
  app.action<BlockAction<ButtonAction>>(
    PROJECT_LIST.track,
    async ({ ack, action, body, respond }: ButtonArgs) => {
      await ack();
      const channel = body.channel?.id;
      if (!channel) return;
      await trackCommand(deps, respond, { projectId: action.value ?? '', channel, userId: body.user.id });
    },
  );
}

/** The status as the status message shows it (progress 0 when the status has no place in the pipeline). */
function statusInfo(status: string) {
  const info = describeStatus(status);
  return { label: info.label, progress: info.progress ?? 0, terminal: info.terminal, failed: info.failed };
}
