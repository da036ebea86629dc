// List sweeps: every followed project seen once though new projects shift the list between two pages and one
// leaves it, the sweep ending at the oldest followed project; and when a sweep is worth its pages.
import type { ProjectListItem } from '@dubkit/core';
import { describe, expect, it } from 'vitest';
import type { ProjectPage } from '../dubbing/service.ts';
import { JOB_TAG_MARK } from './start.ts';
import { chooseLook, SWEEP_PAGE, sweepCost, sweepList } from './sweep.ts';

const item = (n: number, tagged = true): ProjectListItem => ({
  id: `p${n}`,
  name: tagged ? `video ${n} [dk-j${n}-es-1]` : `someone's own ${n}`,
  status: 'transcription_started',
  status_updated_at: null,
  created_at: new Date(n * 1000).toISOString(),
});

/** The service's list, newest first, filtered by name as the service does; `between` runs before each answer. */
function serviceList(projects: ProjectListItem[], between: (read: number, last: ProjectListItem[]) => void) {
  const reads: { offset: number; limit: number; name: string | undefined }[] = [];
  let last: ProjectListItem[] = [];
  const list = async (query: { name?: string; offset: number; limit: number }): Promise<ProjectPage> => {
    between(reads.length, last);
    reads.push({ offset: query.offset, limit: query.limit, name: query.name });
    const needle = query.name?.toLowerCase();
    const kept = [...projects].reverse().filter((p) => !needle || p.name.toLowerCase().includes(needle));
    const page = kept.slice(query.offset, query.offset + query.limit);
    last = page;
    return { projects: page, more: page.length === query.limit };
  };
  return { list, reads };
}

describe('sweepList', () => {
  it('sees every followed project once while new ones shift the list and two leave it', async () => {
    // 600 projects, oldest first: every fifth someone else's; the app follows 300 of its own, none of the
    // 100 oldest (finished), so the sweep stops before the end of the list.
    const projects = Array.from({ length: 600 }, (_, n) => item(n, n % 5 !== 0));
    const followed = new Set(
      projects
        .slice(200)
        .filter((p) => p.name.includes(JOB_TAG_MARK))
        .map((p) => p.id),
    );
    let next = 600;
    const deleted: string[] = [];
    const { list, reads } = serviceList(projects, (read, last) => {
      if (read === 0) return;
      if (read === 2) {
        // Before the third page, two projects the second one showed are deleted (the list shifts up by two):
        // without the overlap, the two after the second page would be skipped.
        for (const gone of [last[40]!, last[60]!]) {
          projects.splice(projects.indexOf(gone), 1);
          deleted.push(gone.id);
        }
        return;
      }
      // Before every other page, 37 new projects of the app are created (the list shifts down).
      for (let k = 0; k < 37; k++) projects.push(item(next++));
    });
    const { seen, pages } = await sweepList(list, followed, 100);
    // The two deleted were seen before they left.
    expect(deleted.every((id) => followed.has(id))).toBe(true);
    expect([...seen.keys()].sort()).toEqual([...followed].sort());
    expect(pages).toBe(reads.length);
    // Every read asks for the app's projects only, a full page each.
    expect(reads.every((r) => r.name === JOB_TAG_MARK && r.limit === SWEEP_PAGE)).toBe(true);
    // The app's 480 projects down to the oldest followed (p201) span 320 + 37 × shifts: fewer pages than
    // reading the whole list would take.
    expect(reads.at(-1)!.offset + SWEEP_PAGE).toBeLessThan(480 + 37 * reads.length);
  });

  it('keeps the later read of a project shown twice', async () => {
    const projects = Array.from({ length: 150 }, (_, n) => item(n));
    const followed = new Set(projects.map((p) => p.id));
    const { list } = serviceList(projects, (read) => {
      if (read !== 1) return;
      // p55 sits where both pages overlap; it moves on between the two reads.
      const moved = projects.find((p) => p.id === 'p55')!;
      projects[projects.indexOf(moved)] = { ...moved, status: 'transcription_done' };
    });
    const { seen, pages } = await sweepList(list, followed, 100);
    expect(pages).toBe(2);
    expect(seen.size).toBe(150);
    expect(seen.get('p55')?.status).toBe('transcription_done');
  });

  it('stops at the end of the list when a followed project is not in it', async () => {
    const { list, reads } = serviceList([item(1), item(2)], () => {});
    const { seen } = await sweepList(list, new Set(['p1', 'p2', 'gone']), 100);
    expect(seen.size).toBe(2);
    expect(reads).toHaveLength(1);
  });
});

describe('chooseLook', () => {
  it('sweeps only when more projects are due than the sweep has pages, and nothing when none is due', () => {
    expect(chooseLook(0, 1)).toBe('idle');
    expect(chooseLook(1, 1)).toBe('polls');
    expect(chooseLook(2, 1)).toBe('sweep');
    expect(chooseLook(100, sweepCost(10_000, undefined))).toBe('polls');
    expect(chooseLook(200, sweepCost(10_000, undefined))).toBe('sweep');
    // The last sweep's pages are the cost once known (the list holds other and finished projects too).
    expect(chooseLook(200, sweepCost(10_000, 250))).toBe('polls');
  });
});
