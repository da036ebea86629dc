// Offset pagination for project lists: a page knows how to fetch the next one, and a page (or the promise of
// one) is `for await`-able over every project. Paging stops when a page comes back shorter than its limit.
import { type ApiPromise, apiPromise } from './api-promise.ts';
import type { ProjectList, ProjectListItem } from './schemas/projects.ts';
import type { ApiResponse } from './transport.ts';

/** The service's default page size when `limit` is not sent. */
export const DEFAULT_PAGE_LIMIT = 10;

export type FetchPage = (offset: number) => Promise<ApiResponse<ProjectList>>;

export class ProjectPage implements AsyncIterable<ProjectListItem> {
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
  readonly projects: ProjectListItem[];
  /** The whole response body, unknown fields included. */
  readonly body: ProjectList;
  readonly #fetch: FetchPage;

  constructor(body: ProjectList, offset: number, limit: number, fetch: FetchPage) {
    this.body = body;
    this.total = body.total;
    this.offset = typeof body.offset === 'number' ? body.offset : offset;
    this.limit = limit;
    // A malformed page (already warned about by the transport) ends the listing instead of crashing it.
    this.projects = Array.isArray(body.projects) ? body.projects : [];
    this.#fetch = fetch;
  }

  /** `total` alone is not trusted: a full page means there may be more. */
  hasNextPage(): boolean {
    return this.projects.length >= this.limit && this.projects.length > 0;
  }

  /** The following page, or undefined after the last one. */
  async nextPage(): Promise<ProjectPage | undefined> {
    if (!this.hasNextPage()) return undefined;
    const offset = this.offset + this.projects.length;
    const response = await this.#fetch(offset);
    return new ProjectPage(response.data, offset, this.limit, this.#fetch);
  }

  /** Every project from this page on. A project seen on an earlier page (the list shifted) is not repeated. */
  async *[Symbol.asyncIterator](): AsyncIterator<ProjectListItem> {
    const seen = new Set<string>();
    let page: ProjectPage | undefined = this;
    while (page) {
      for (const project of page.projects) {
        if (seen.has(project.id)) continue;
        seen.add(project.id);
        yield project;
      }
      page = await page.nextPage();
    }
  }
}

/** What `projects.list()` returns: await it for the first page, or `for await` it for every project. */
export type ProjectPagePromise = ApiPromise<ProjectPage> & AsyncIterable<ProjectListItem>;

export function projectPagePromise(response: Promise<ApiResponse<ProjectPage>>): ProjectPagePromise {
  const first = apiPromise(response);
  return Object.assign(first, {
    async *[Symbol.asyncIterator]() {
      yield* await first;
    },
  });
}
