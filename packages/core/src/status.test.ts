import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from './schemas/projects.ts';
import { DONE_STATUS, describeStatus, pipelineIndex, stageDoneStatus } from './status.ts';

describe('describeStatus', () => {
  it('classifies every documented status', () => {
    for (const status of PROJECT_STATUSES) {
      const info = describeStatus(status);
      expect(info.stage, status).not.toBe('unknown');
      expect(info.label.length, status).toBeGreaterThan(0);
      expect(info.terminal, status).toBe(info.failed || status === DONE_STATUS);
      if (info.failed) expect(info.progress).toBeUndefined();
      else expect(info.progress).toBeGreaterThanOrEqual(0);
    }
  });
  it('orders the pipeline from 0 to 1', () => {
    expect(describeStatus('created').progress).toBe(0);
    expect(describeStatus('merging_done').progress).toBe(1);
    const order = [
      'uploaded',
      'transcription_done',
      'separate_background_started',
      'translation_done',
      'voiceover_started',
    ];
    const progress = order.map((status) => describeStatus(status).progress ?? -1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });
  it('gives people labels', () => {
    expect(describeStatus('separate_background_started').label).toBe('Separating background');
    expect(describeStatus('no_words')).toMatchObject({
      failed: true,
      terminal: true,
      label: 'No speech found',
    });
    expect(describeStatus('forbidden_link').stage).toBe('failed');
  });
  it('describes unknown statuses without failing', () => {
    expect(describeStatus('lipsync_queued')).toEqual({
      status: 'lipsync_queued',
      stage: 'unknown',
      progress: undefined,
      terminal: false,
      failed: false,
      label: 'Lipsync queued',
    });
    expect(describeStatus('subtitles_failed')).toMatchObject({
      failed: true,
      terminal: true,
      stage: 'failed',
    });
  });
  it('describes a status not known yet (null) as neither terminal nor failed', () => {
    for (const status of [null, undefined]) {
      expect(describeStatus(status)).toEqual({
        status: null,
        stage: 'unknown',
        progress: undefined,
        terminal: false,
        failed: false,
        label: 'Not known yet',
      });
    }
    expect(pipelineIndex(null)).toBe(-1);
  });
  it('names the status that completes a stage', () => {
    expect(stageDoneStatus('translation')).toBe('translation_done');
    expect(stageDoneStatus('merging')).toBe('merging_done');
    expect(stageDoneStatus('failed')).toBeUndefined();
    expect(pipelineIndex('failed')).toBe(-1);
  });
});
