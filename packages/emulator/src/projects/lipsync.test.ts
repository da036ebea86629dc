import { describe, expect, it } from 'vitest';
import { type Harness, harness } from '../test-support/harness.ts';

async function dubbed(h: Harness, body: Record<string, unknown> = {}) {
  const project = await h.project(body);
  h.finish();
  return project.id as string;
}

describe('lip-sync', () => {
  it('refuses a face check or lip-sync before the project is dubbed (409)', async () => {
    const h = await harness();
    const project = await h.project();
    expect((await h.call('PUT', `/v2/projects/${project.id}/check_face`)).status).toBe(409);
    const lipsync = await h.call('PUT', `/v2/projects/${project.id}/lipsync`, {
      is_multiple_speakers: false,
      is_free_lipsync: false,
    });
    expect(lipsync.status).toBe(409);
    // Every member is there, null while unknown (the vendor's SDK reads each one).
    expect((await h.call('GET', `/v2/projects/${project.id}/lipsync`)).body).toEqual({
      check_face_task_status: null,
      tasks_in_lipsync_queue: 0,
      lipsync_result_path: null,
      lipsync_task_status: null,
      video_has_face: null,
      lipsync_task_progress: null,
    });
  });

  it('makes the free lip-sync a preview: its own result, free minutes, shorter work; the full one is paid after it', async () => {
    const h = await harness();
    const id = await dubbed(h);
    const path = `/v2/projects/${id}/lipsync`;
    // Both flags left out (or null, as the vendor's SDK sends them) mean the full video.
    const full = await h.call('PUT', path, { is_multiple_speakers: null, is_free_lipsync: null });
    expect(full.status).toBe(200);
    expect((await h.call('GET', '/v2/credits')).body).toMatchObject({
      minutes: { used: 2 },
      lipsync_free_minutes: { used: 0 },
    });
    h.emulator.advanceClock(60_000);
    const fullInfo = (await h.call('GET', path)).body;
    expect(fullInfo.lipsync_result_path).toMatch(/\/lipsync\.mp4$/);

    const other = await dubbed(h);
    await h.call('PUT', `/v2/projects/${other}/lipsync`, { is_free_lipsync: true });
    let info = (await h.call('GET', `/v2/projects/${other}/lipsync`)).body;
    expect(info.lipsync_result_path).toBeNull();
    h.emulator.advanceClock(60_000);
    info = (await h.call('GET', `/v2/projects/${other}/lipsync`)).body;
    expect(info.lipsync_result_path).toMatch(/\/lipsync_preview\.mp4$/);
    expect((await fetch(info.lipsync_result_path)).status).toBe(200);
    expect((await fetch(info.lipsync_result_path.replace('lipsync_preview', 'lipsync'))).status).toBe(404);
    const afterPreview = (await h.call('GET', '/v2/credits')).body;
    expect(afterPreview.lipsync_free_minutes.used).toBe(1);
    await h.call('PUT', `/v2/projects/${other}/lipsync`, { is_free_lipsync: false });
    expect((await h.call('GET', '/v2/credits')).body.minutes.used).toBe(afterPreview.minutes.used + 1);
  });

  it('runs the face check by itself after dubbing, then lip-syncs with progress up to a result', async () => {
    const h = await harness();
    const id = await dubbed(h);
    const info = (await h.call('GET', `/v2/projects/${id}/lipsync`)).body;
    expect(info).toMatchObject({ check_face_task_status: 'done', video_has_face: true });
    const body = { is_multiple_speakers: false, is_free_lipsync: false };
    const started = await h.call('PUT', `/v2/projects/${id}/lipsync`, body);
    expect(started.body).toEqual({ tasks_in_lipsync_queue: 0, lipsync_task_status: 'started' });
    expect((await h.call('PUT', `/v2/projects/${id}/lipsync`, body)).status).toBe(409);
    h.emulator.advanceClock(5500); // about half of 11 s
    const running = (await h.call('GET', `/v2/projects/${id}/lipsync`)).body;
    expect(running.lipsync_task_status).toBe('started');
    expect(running.lipsync_task_progress).toBeGreaterThan(0);
    expect(running.lipsync_task_progress).toBeLessThan(100);
    h.emulator.advanceClock(6000);
    const done = (await h.call('GET', `/v2/projects/${id}/lipsync`)).body;
    expect(done).toMatchObject({ lipsync_task_status: 'done', lipsync_task_progress: 100 });
    expect((await fetch(done.lipsync_result_path)).status).toBe(200);
    expect((await h.call('GET', '/v2/credits')).body.minutes.used).toBe(2); // project 1 + lip-sync 1

    await h.call('POST', `/v2/projects/${id}/generate`);
    h.finish();
    expect((await h.call('GET', `/v2/projects/${id}/lipsync`)).body.lipsync_task_status).toBe('outdated');
    await h.call('PUT', `/v2/projects/${id}/lipsync`, body);
    expect((await h.call('GET', '/v2/credits')).body.minutes.used).toBe(2); // a second run is free
  });

  it('draws free minutes with is_free_lipsync and answers 402 when they run out', async () => {
    const h = await harness({ credits: { lipsyncFreeMinutes: 1 } });
    const body = { is_multiple_speakers: true, is_free_lipsync: true };
    const first = await dubbed(h);
    expect((await h.call('PUT', `/v2/projects/${first}/lipsync`, body)).status).toBe(200);
    expect((await h.call('GET', '/v2/credits')).body.lipsync_free_minutes).toEqual({ total: 1, used: 1 });
    const second = await dubbed(h);
    const refused = await h.call('PUT', `/v2/projects/${second}/lipsync`, body);
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toMatch(/free lip-sync minutes/);
  });

  it('queues lip-syncs one at a time across projects', async () => {
    const h = await harness();
    const body = { is_multiple_speakers: false, is_free_lipsync: false };
    const a = await dubbed(h);
    const b = await dubbed(h);
    await h.call('PUT', `/v2/projects/${a}/lipsync`, body);
    expect((await h.call('PUT', `/v2/projects/${b}/lipsync`, body)).body.tasks_in_lipsync_queue).toBe(1);
    expect((await h.call('GET', `/v2/projects/${b}/lipsync`)).body.lipsync_task_progress).toBe(0);
  });

  it('finds no face when the name says noface (409 on lip-sync), and PUT check_face starts a new check', async () => {
    const h = await harness();
    const id = await dubbed(h, { name: 'interview noface' });
    expect((await h.call('GET', `/v2/projects/${id}/lipsync`)).body.video_has_face).toBe(false);
    const refused = await h.call('PUT', `/v2/projects/${id}/lipsync`, {
      is_multiple_speakers: false,
      is_free_lipsync: false,
    });
    expect(refused).toMatchObject({ status: 409, body: { detail: 'The video has no face to lip-sync' } });
    expect((await h.call('PUT', `/v2/projects/${id}/check_face`)).body).toEqual({
      check_face_task_status: 'started',
    });
    expect((await h.call('GET', `/v2/projects/${id}/lipsync`)).body.check_face_task_status).toBe('started');
    h.emulator.advanceClock(5000);
    expect((await h.call('GET', `/v2/projects/${id}/lipsync`)).body.check_face_task_status).toBe('done');
  });

  it('fails the face check or the lip-sync with the failStage fault, and validates the body', async () => {
    const h = await harness();
    const id = await dubbed(h);
    h.emulator.faults.set({ failStage: 'check_face' });
    await h.call('PUT', `/v2/projects/${id}/check_face`);
    h.emulator.advanceClock(5000);
    expect((await h.call('GET', `/v2/projects/${id}/lipsync`)).body.check_face_task_status).toBe('failed');
    const bad = await h.call('PUT', `/v2/projects/${id}/lipsync`, { is_multiple_speakers: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual([
      'body.is_multiple_speakers',
    ]);
  });
});
