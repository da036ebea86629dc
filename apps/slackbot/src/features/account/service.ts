// The account from Slack: its credits as bars, its projects a page at a time, and adopting an existing
// project (`/dub track`) into a new thread that follows it like any job.
import type { Project } from '@dubkit/core';
import { type DubbingService, ProjectGoneError } from '../../dubbing/service.ts';
import { scrub } from '../../errors/public.ts';
import { withoutJobTag } from '../../jobs/start.ts';
import type { JobSource, JobStore, OutboxStore } from '../../store/store.ts';
import type { ThreadDrawer } from '../../thread/drawer.ts';
import { escapeText, type MessageContent } from '../../ui/blocks.ts';
import type { ApprovalService } from '../approval/service.ts';
import { creditsMessage } from './credits.ts';
import { JOB_LIST, jobList } from './job-list.ts';
import { jobRows } from './job-rows.ts';
import { PROJECT_LIST, projectList } from './project-list.ts';

/** The service's project ids are UUIDs; it refuses any other path id (422), which is no reason to say it is down. */
const PROJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who may see what: the caller's channels, or everything for an admin (ADMIN_USER_IDS). */
export interface ChannelAccess {
  isAdmin(user: string): boolean;
  inChannel(channel: string, user: string): Promise<boolean>;
}

/** Whether the user may see a channel's jobs: each channel asked once per answer (an admin sees all). */
export function channelSeer(access: ChannelAccess, user: string): (channel: string) => Promise<boolean> {
  const member = new Map<string, Promise<boolean>>();
  return (channel) => {
    if (access.isAdmin(user)) return Promise.resolve(true);
    const known = member.get(channel) ?? access.inChannel(channel, user);
    member.set(channel, known);
    return known;
  };
}

export interface AccountServiceOptions {
  store: JobStore & OutboxStore;
  dubbing: DubbingService;
  access: ChannelAccess;
  approvals: Pick<ApprovalService, 'current' | 'changesRequested' | 'earlier' | 'renderNumbers'>;
  /** Wakes the loops after a tracked project was recorded. */
  wake: () => void;
  /** Draws a tracked project's status message. */
  drawer: ThreadDrawer;
  now?: () => number;
}

export class AccountService {
  readonly #o: AccountServiceOptions;
  readonly #now: () => number;

  constructor(options: AccountServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  async credits(): Promise<MessageContent> {
    return creditsMessage(await this.#o.dubbing.credits());
  }

  /**
   * `/dub list`: up to ten jobs of the channels `user` is in (every channel for an admin), newest first, whose
   * titles contain `name` when given. Jobs in other channels are skipped; at most five store pages are read
   * for one page of the list, so a person in few channels still gets an answer soon.
   */
  async jobs(query: { name: string | null; offset: number; user: string }): Promise<MessageContent> {
    const { store } = this.#o;
    const sees = channelSeer(this.#o.access, query.user);
    const visible = [];
    let read = 0;
    let end = false;
    for (let chunk = 0; chunk < 5 && visible.length < JOB_LIST.pageSize && !end; chunk += 1) {
      const jobs = await store.jobsPage({
        title: query.name,
        offset: query.offset + read,
        limit: JOB_LIST.pageSize,
      });
      end = jobs.length < JOB_LIST.pageSize;
      for (const job of jobs) {
        read += 1;
        if (await sees(job.channel)) visible.push(job);
        if (visible.length === JOB_LIST.pageSize) break;
      }
    }
    const more =
      !end || (await store.jobsPage({ title: query.name, offset: query.offset + read, limit: 1 })).length > 0;
    const rows = await jobRows(
      { dubbing: this.#o.dubbing, approvals: this.#o.approvals, targetsOf: (id) => store.targetsOf(id) },
      visible,
    );
    return jobList({ rows, name: query.name, offset: query.offset, next: more ? query.offset + read : null });
  }

  /**
   * One page of the account's projects, newest first (names containing `name`, when given): those whose job
   * is in a channel `user` is in, all of them for an admin. The service's page is filtered, so a page may
   * show fewer than ten; the pages still follow the service's.
   */
  async projects(query: { name: string | null; offset: number; user: string }): Promise<MessageContent> {
    const page = await this.#o.dubbing.listProjects({
      ...(query.name ? { name: query.name } : {}),
      offset: query.offset,
      limit: PROJECT_LIST.pageSize,
    });
    const visible = await this.#visibleTo(query.user, page.projects);
    const projects = visible.map((p) => {
      const info = this.#o.dubbing.describeStatus(p.status);
      return {
        id: p.id,
        // The service's project names are outside text, scrubbed like its errors (escaped when drawn).
        name: scrub(withoutJobTag(p.name)),
        statusLabel: info.label,
        failed: info.failed,
        done: info.terminal && !info.failed,
        createdAt: p.created_at,
      };
    });
    return projectList({ projects, name: query.name, offset: query.offset, more: page.more });
  }

  /** The projects whose job is in a channel the user is in (each channel asked once). */
  async #visibleTo<P extends { id: string }>(user: string, projects: P[]): Promise<P[]> {
    if (this.#o.access.isAdmin(user)) return projects;
    const sees = channelSeer(this.#o.access, user);
    const visible: P[] = [];
    for (const project of projects) {
      const channel = await this.#channelOf(project.id);
      // A project the app did not start belongs to no channel: only an admin sees it.
      if (channel !== undefined && (await sees(channel))) visible.push(project);
    }
    return visible;
  }

  async #channelOf(projectId: string): Promise<string | undefined> {
    const target = await this.#o.store.targetOfProject(projectId.toLowerCase());
    if (!target) return undefined;
    return (await this.#o.store.getJob(target.jobId))?.channel;
  }

  /** Adopts an existing project into a new thread in `channel`; returns what to tell the person. */
  async track(input: { projectId: string; channel: string; userId: string }): Promise<string | undefined> {
    const { store, dubbing } = this.#o;
    if (!PROJECT_ID.test(input.projectId))
      return `"${escapeText(input.projectId)}" is not a project id (\`/dub list projects\` shows them).`;
    // The service's ids are lower case: one project is one trigger, however its id was typed.
    const projectId = input.projectId.toLowerCase();
    const known = await store.targetOfProject(projectId);
    if (known) {
      const job = await store.getJob(known.jobId);
      // Its channel is named only to someone who can see it (a private channel's name is not for others).
      if (job && (await this.#o.access.inChannel(job.channel, input.userId)))
        return `That project is already followed in a thread in <#${job.channel}>.`;
      return 'That project is already followed in a thread in another channel.';
    }
    // Not started from Slack, so it belongs to no channel: only an admin may bring it into one.
    if (!this.#o.access.isAdmin(input.userId))
      return 'Only the app’s admins can follow a project that was not started from Slack. Ask one of them.';
    let project: Project;
    try {
      project = await dubbing.getProject(projectId);
    } catch (error) {
      if (error instanceof ProjectGoneError)
        return `There is no project \`${projectId}\` on the dubbing account.`;
      throw error;
    }
    const source: JobSource = project.source_url
      ? { kind: 'link', link: project.source_url }
      : { kind: 'file', fileId: '', name: project.name, size: 0, mimetype: '', url: '' };
    const now = this.#now();
    const job = await store.adoptProject(
      {
        triggerKey: `cmd:track:${projectId}`,
        channel: input.channel,
        threadTs: null,
        userId: input.userId,
        source,
        title: scrub(project.name),
        srcLang: project.src_lang ?? null,
        numSpeakers: project.num_speakers ?? null,
      },
      project.dst_lang,
      projectId,
      now,
    );
    if (!job) return 'That project is already followed in a thread.';
    const [target] = await store.targetsOf(job.id);
    if (!target) return 'That project is already followed in a thread.';
    const status = project.status ?? null;
    await store.enqueue(this.#o.drawer.card(job, 'started', [target.dstLang]), now);
    await this.#o.drawer.redrawStatus(target.id, now, { info: dubbing.describeStatus(status) });
    this.#o.wake();
    return undefined;
  }
}
