// Projects: create, list (paged and iterable), read, update, generate, and wait for or watch their status.
import type { ApiPromise } from '../api-promise.ts';
import {
  DEFAULT_PAGE_LIMIT,
  ProjectPage,
  type ProjectPagePromise,
  projectPagePromise,
} from '../pagination.ts';
import {
  type Project,
  type ProjectCreateBody,
  type ProjectListQuery,
  type ProjectUpdateBody,
  projectCreateBodySchema,
  projectListQuerySchema,
  projectListSchema,
  projectSchema,
  projectUpdateBodySchema,
  type Voice,
  voicesSchema,
} from '../schemas/projects.ts';
import type { CallOptions } from '../transport.ts';
import { type PollOptions, type WaitForProjectOptions, waitForProject, watchProject } from '../wait.ts';
import { checked, guarded, Resource, segment } from './resource.ts';

export class Projects extends Resource {
  /** `POST /v2/projects`: starts a paid job, so it is never retried after a timeout or a 5xx. */
  create(body: ProjectCreateBody, options?: CallOptions): ApiPromise<Project> {
    return guarded(() =>
      this.call({
        method: 'POST',
        path: '/v2/projects',
        json: checked(projectCreateBodySchema, body, 'project'),
        schema: projectSchema,
        options,
      }),
    );
  }

  /**
   * `GET /v2/projects`, newest first. Await it for one page (`page.projects`, `page.nextPage()`), or
   * `for await (const project of client.projects.list())` to go through every project.
   */
  list(query: ProjectListQuery = {}, options?: CallOptions): ProjectPagePromise {
    const fetchPage = (offset: number, valid: { limit?: number | undefined; name?: string | undefined }) => {
      const params = new URLSearchParams();
      params.set('offset', String(offset));
      if (valid.limit !== undefined) params.set('limit', String(valid.limit));
      if (valid.name !== undefined) params.set('name', valid.name);
      return this.transport.request({
        method: 'GET',
        path: '/v2/projects',
        query: params,
        schema: projectListSchema,
        options,
      });
    };
    const response = (async () => {
      const valid = checked(projectListQuerySchema, query, 'project list query');
      const offset = valid.offset ?? 0;
      const limit = valid.limit ?? DEFAULT_PAGE_LIMIT;
      const first = await fetchPage(offset, valid);
      const page = new ProjectPage(first.data, offset, limit, (next) => fetchPage(next, valid));
      return { ...first, data: page };
    })();
    return projectPagePromise(response);
  }

  /** `GET /v2/projects/{id}`. */
  get(id: string, options?: CallOptions): ApiPromise<Project> {
    return guarded(() =>
      this.call({
        method: 'GET',
        path: `/v2/projects/${segment(id, 'project id')}`,
        schema: projectSchema,
        options,
      }),
    );
  }

  /**
   * `GET /v2/projects/{id}/voices`: the voices that can be given to the project's speakers (presets, and clones
   * where the language supports them), each with a `sample_src` to listen to when the service has one.
   */
  voices(id: string, options?: CallOptions): ApiPromise<Voice[]> {
    return guarded(() =>
      this.call({
        method: 'GET',
        path: `/v2/projects/${segment(id, 'project id')}/voices`,
        schema: voicesSchema,
        options,
      }),
    );
  }

  /**
   * `PATCH /v2/projects/{id}`: name, number of speakers, or voice assignment. `voice` replaces the whole map:
   * send every speaker's voice id, changed or not (a speaker left out loses its voice, and the service refuses
   * that while segments still name the speaker). Changing voices makes the next `generate` cost minutes.
   */
  update(id: string, body: ProjectUpdateBody, options?: CallOptions): ApiPromise<Project> {
    return guarded(() =>
      this.call({
        method: 'PATCH',
        path: `/v2/projects/${segment(id, 'project id')}`,
        json: checked(projectUpdateBodySchema, body, 'project update'),
        schema: projectSchema,
        options,
      }),
    );
  }

  /** `POST /v2/projects/{id}/generate`: renders the dub again after edits. Paid: not retried after a 5xx. */
  generate(id: string, options?: CallOptions): ApiPromise<Project> {
    return guarded(() =>
      this.call({
        method: 'POST',
        path: `/v2/projects/${segment(id, 'project id')}/generate`,
        schema: projectSchema,
        options,
      }),
    );
  }

  /**
   * Polls until `until` (a status, a stage, or `done` = `merging_done`, the default) is reached or passed.
   * Throws ProjectFailedError on a failure status, WaitTimeoutError after `timeoutMs`, AbortError on `signal`.
   */
  waitFor(id: string, options: WaitForProjectOptions = {}): Promise<Project> {
    return waitForProject(id, (signal) => this.get(id, { signal }), options);
  }

  /** One project per status change, until a terminal status (success or failure, which is yielded, not thrown). */
  watch(id: string, options: PollOptions = {}): AsyncGenerator<Project, void, undefined> {
    return watchProject(id, (signal) => this.get(id, { signal }), options);
  }
}
