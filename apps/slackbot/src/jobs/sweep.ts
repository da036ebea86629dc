// List sweeps: `GET /v2/projects` gives up to a hundred projects a page, newest first, each with its status and
// when it began, so that one request can stand for a hundred polls. A sweep reads the app's projects (their
// names carry its job tag) from the newest down to the oldest it follows. Projects created meanwhile push the
// list down, so a page may show again what the last one did (kept once, by id, the later read winning); pages
// overlap, so that a project leaving the list (deleted) between two reads does not hide the one after it. A few
// pages are read at once (a sweep of 10,000 projects is a hundred pages, and its length is how late it sees a
// change); pages read together are read within milliseconds, in which the list moves far less than the overlap.
// Whether a sweep is worth it: it costs its pages; polling the projects due costs one request each.
import type { ProjectListItem } from '@dubkit/core';
import type { DubbingService } from '../dubbing/service.ts';
import { JOB_TAG_MARK } from './start.ts';

/** The list's largest page. */
export const SWEEP_PAGE = 100;
/** Items each page reads again of the one before. */
export const SWEEP_OVERLAP = 10;
/** Pages read at once (they still wait for the request budget). */
export const SWEEP_PARALLEL = 4;

export interface SweepResult {
  /** The list's item for each followed project it showed, by project id. */
  seen: Map<string, ProjectListItem>;
  /** Requests made. */
  pages: number;
}

/**
 * Reads the app's projects, newest first, until every project in `followed` was seen or the list ends (a
 * project deleted in the service is never seen: its own poll finds out), at most `maxPages` pages.
 */
export async function sweepList(
  listProjects: DubbingService['listProjects'],
  followed: ReadonlySet<string>,
  maxPages: number,
): Promise<SweepResult> {
  const seen = new Map<string, ProjectListItem>();
  const step = SWEEP_PAGE - SWEEP_OVERLAP;
  let offset = 0;
  let pages = 0;
  while (pages < maxPages && seen.size < followed.size) {
    // As many pages at once as the followed projects not seen yet could fill.
    const batch = Math.min(SWEEP_PARALLEL, maxPages - pages, Math.ceil((followed.size - seen.size) / step));
    const read = await Promise.all(
      Array.from({ length: batch }, (_, k) =>
        listProjects({ name: JOB_TAG_MARK, offset: offset + k * step, limit: SWEEP_PAGE }),
      ),
    );
    pages += batch;
    for (const page of read)
      for (const item of page.projects) if (followed.has(item.id)) seen.set(item.id, item);
    const last = read.at(-1)!;
    if (read.some((page) => !page.more) || last.projects.length <= SWEEP_OVERLAP) break;
    offset += batch * step;
  }
  return { seen, pages };
}

/** What a sweep of `followed` projects costs, as the last one did or, before any, if the list held only them. */
export function sweepCost(followed: number, lastPages: number | undefined): number {
  return Math.max(1, lastPages ?? Math.ceil(followed / (SWEEP_PAGE - SWEEP_OVERLAP)));
}

/**
 * `idle`: nothing is due, no request at all (learned estimates say no status is likely to have changed);
 * `sweep`: more projects are due than a sweep has pages; `polls`: polling the due ones costs no more.
 */
export function chooseLook(due: number, cost: number): 'idle' | 'sweep' | 'polls' {
  if (due === 0) return 'idle';
  return due > cost ? 'sweep' : 'polls';
}
