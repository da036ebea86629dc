// The record of project reads: each GET /v2/projects/:id is recorded once, in order, for that project only
// (not the list, not other endpoints of the project, not a refused request), through the Emulator object and
// /_admin/project-reads alike; clearing starts again; the per-project cap keeps the latest.
import { describe, expect, it } from 'vitest';
import { ProjectReads } from './project-reads.ts';
import { harness } from './test-support/harness.ts';

describe('project reads', () => {
  it('records every poll of a project, and nothing else', async () => {
    const h = await harness();
    const a = await h.project({ name: 'A' });
    const b = await h.project({ name: 'B' });
    const before = Date.now();
    await h.call('GET', `/v2/projects/${a.id}`);
    await h.call('GET', `/v2/projects/${a.id}`);
    await h.call('GET', `/v2/projects/${b.id}`);
    await h.call('GET', '/v2/projects');
    await h.call('GET', `/v2/projects/${a.id}/voices`);
    expect((await h.call('GET', `/v2/projects/${a.id}`, undefined, 'wrong-token')).status).toBe(401);
    expect((await h.call('GET', '/v2/projects/no-such-project')).status).toBeGreaterThanOrEqual(400);

    const readsOfA = h.emulator.projectReads(a.id);
    expect(readsOfA).toHaveLength(2);
    expect(readsOfA[0]).toBeGreaterThanOrEqual(before);
    expect(readsOfA[1]).toBeGreaterThanOrEqual(readsOfA[0]!);
    expect(h.emulator.projectReads(b.id)).toHaveLength(1);
    expect(Object.keys(h.emulator.projectReads()).sort()).toEqual([a.id, b.id].sort());

    const admin = await h.call('GET', `/_admin/project-reads?project=${a.id}`);
    expect(admin.body).toEqual({ reads: readsOfA });
    expect((await h.call('GET', '/_admin/project-reads')).body.projects[b.id]).toHaveLength(1);

    expect((await h.call('DELETE', '/_admin/project-reads')).status).toBe(200);
    expect(h.emulator.projectReads()).toEqual({});
    await h.call('GET', `/v2/projects/${b.id}`);
    expect(h.emulator.projectReads(b.id)).toHaveLength(1);
    h.emulator.clearProjectReads();
    expect(h.emulator.projectReads(b.id)).toEqual([]);
  });

  it('keeps the latest reads of a project up to its cap', () => {
    const reads = new ProjectReads(3);
    for (const at of [1, 2, 3, 4, 5]) reads.record('p', at);
    expect(reads.of('p')).toEqual([3, 4, 5]);
  });
});
