// The account's credit balance.
import type { ApiPromise } from '../api-promise.ts';
import { type Credits as CreditsRecord, creditsSchema } from '../schemas/account.ts';
import type { CallOptions } from '../transport.ts';
import { Resource } from './resource.ts';

export class Credits extends Resource {
  /** `GET /v2/credits`: minutes, video and lipsync_free_minutes, each `{total, used}`. */
  get(options?: CallOptions): ApiPromise<CreditsRecord> {
    return this.call({ method: 'GET', path: '/v2/credits', schema: creditsSchema, options });
  }
}
