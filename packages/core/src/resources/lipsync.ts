// Face check and lip-sync on a dubbed project.
import type { ApiPromise } from '../api-promise.ts';
import {
  type CheckFaceResponse,
  checkFaceResponseSchema,
  type LipsyncInfo,
  type LipsyncStartBody,
  type LipsyncStartResponse,
  lipsyncInfoSchema,
  lipsyncStartBodySchema,
  lipsyncStartResponseSchema,
} from '../schemas/lipsync.ts';
import type { CallOptions } from '../transport.ts';
import { checked, guarded, Resource, segment } from './resource.ts';

export class Lipsync extends Resource {
  /** `PUT /v2/projects/{id}/check_face`: starts a face check on the project's video. */
  checkFace(projectId: string, options?: CallOptions): ApiPromise<CheckFaceResponse> {
    return guarded(() =>
      this.call({
        method: 'PUT',
        path: `/v2/projects/${segment(projectId, 'project id')}/check_face`,
        schema: checkFaceResponseSchema,
        options,
      }),
    );
  }

  /**
   * `PUT /v2/projects/{id}/lipsync`: needs a dubbed project whose video has a face. Both flags default to false
   * and are always sent: the full lip-synced video needs `is_free_lipsync: false`; `true` asks for the free
   * preview (the first 60 s at most, from `lipsync_free_minutes`), which an app should offer by that name.
   */
  start(
    projectId: string,
    body: LipsyncStartBody = {},
    options?: CallOptions,
  ): ApiPromise<LipsyncStartResponse> {
    return guarded(() =>
      this.call({
        method: 'PUT',
        path: `/v2/projects/${segment(projectId, 'project id')}/lipsync`,
        json: checked(lipsyncStartBodySchema, body, 'lip-sync start'),
        schema: lipsyncStartResponseSchema,
        options,
      }),
    );
  }

  /** `GET /v2/projects/{id}/lipsync`. */
  get(projectId: string, options?: CallOptions): ApiPromise<LipsyncInfo> {
    return guarded(() =>
      this.call({
        method: 'GET',
        path: `/v2/projects/${segment(projectId, 'project id')}/lipsync`,
        schema: lipsyncInfoSchema,
        options,
      }),
    );
  }
}
