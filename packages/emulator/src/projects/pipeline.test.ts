import { describe, expect, it } from 'vitest';
import { isSettled, statusIndexAt, timelineFor } from './pipeline.ts';

describe('timelines', () => {
  it('are shared between projects that follow the same path', () => {
    expect(timelineFor({ kind: 'dub' })).toBe(timelineFor({ kind: 'dub' }));
  });

  it('give the status at any elapsed time without timers', () => {
    const timeline = timelineFor({ kind: 'dub' });
    expect(timeline.statuses[statusIndexAt(timeline, 0)]).toBe('created');
    expect(timeline.statuses[statusIndexAt(timeline, 1e9)]).toBe('merging_done');
    expect(isSettled(timeline, statusIndexAt(timeline, 1e9))).toBe(true);
    expect(isSettled(timeline, statusIndexAt(timeline, 1000))).toBe(false);
  });

  it('runs voice_update only after a voice change on generate, and stops at a failing stage', () => {
    expect(timelineFor({ kind: 'generate' }).statuses[0]).toBe('voiceover_started');
    expect(timelineFor({ kind: 'generate', voiceUpdate: true }).statuses[0]).toBe('voice_update_started');
    const failing = timelineFor({ kind: 'generate', failStage: 'voiceover' });
    expect(failing.statuses).toEqual(['voiceover_started', 'voiceover_failed']);
    expect(failing.mergedAt).toBe(-1);
    expect(timelineFor({ kind: 'dub', failStage: 'upload' }).statuses).toEqual([
      'created',
      'uploading',
      'upload_failed',
    ]);
  });
});
