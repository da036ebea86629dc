// A project's transcription: read segments, add and patch them, delete one.
import type { ApiPromise } from '../api-promise.ts';
import {
  type Deleted,
  deletedSchema,
  type SegmentCreate,
  type SegmentPatch,
  segmentsCreateBodySchema,
  segmentsPatchBodySchema,
  type Transcription as TranscriptionRecord,
  transcriptionSchema,
} from '../schemas/transcription.ts';
import type { CallOptions } from '../transport.ts';
import { checked, guarded, Resource, segment } from './resource.ts';

export interface TranscriptionQuery {
  /** Only these segments (sent as repeated `segment_ids` parameters). */
  segment_ids?: string[];
}

export class Transcription extends Resource {
  /** `GET /v2/projects/{id}/transcription`. */
  get(
    projectId: string,
    query: TranscriptionQuery = {},
    options?: CallOptions,
  ): ApiPromise<TranscriptionRecord> {
    return guarded(() => {
      const params = new URLSearchParams();
      for (const id of query.segment_ids ?? []) {
        segment(id, 'segment id');
        params.append('segment_ids', id);
      }
      return this.call({
        method: 'GET',
        path: `/v2/projects/${segment(projectId, 'project id')}/transcription`,
        query: params,
        schema: transcriptionSchema,
        options,
      });
    });
  }

  /**
   * `POST /v2/projects/{id}/transcription/segments`: adds segments (`start`, `end`, at least one of `src`/`dst` as
   * `{text, lang}`, an optional `speaker`); answers the added ones with their ids. Not retried after a timeout or
   * a 5xx, which could add them twice; the next `generate` charges their length.
   */
  addSegments(
    projectId: string,
    segments: SegmentCreate[],
    options?: CallOptions,
  ): ApiPromise<TranscriptionRecord> {
    return guarded(() =>
      this.call({
        method: 'POST',
        path: `/v2/projects/${segment(projectId, 'project id')}/transcription/segments`,
        json: checked(segmentsCreateBodySchema, { segments }, 'new segments'),
        schema: transcriptionSchema,
        options,
      }),
    );
  }

  /**
   * `PATCH /v2/projects/{id}/transcription/segments`: each object is an id plus only the fields to change; a text
   * is `{text, lang}`. The next `generate` charges the length of every changed segment.
   */
  updateSegments(
    projectId: string,
    segments: SegmentPatch[],
    options?: CallOptions,
  ): ApiPromise<TranscriptionRecord> {
    return guarded(() =>
      this.call({
        method: 'PATCH',
        path: `/v2/projects/${segment(projectId, 'project id')}/transcription/segments`,
        json: checked(segmentsPatchBodySchema, { segments }, 'segment update'),
        schema: transcriptionSchema,
        options,
      }),
    );
  }

  /** `DELETE /v2/projects/{id}/transcription/segments/{segmentId}`. */
  deleteSegment(projectId: string, segmentId: string, options?: CallOptions): ApiPromise<Deleted> {
    return guarded(() =>
      this.call({
        method: 'DELETE',
        path: `/v2/projects/${segment(projectId, 'project id')}/transcription/segments/${segment(segmentId, 'segment id')}`,
        schema: deletedSchema,
        options,
      }),
    );
  }
}
