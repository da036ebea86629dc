// Glossaries: create, read, replace, delete.
import type { ApiPromise } from '../api-promise.ts';
import {
  type Glossary,
  type GlossaryCreateBody,
  type GlossaryUpdateBody,
  glossaryCreateBodySchema,
  glossarySchema,
  glossaryUpdateBodySchema,
} from '../schemas/glossaries.ts';
import { type Deleted, deletedSchema } from '../schemas/transcription.ts';
import type { CallOptions } from '../transport.ts';
import { checked, guarded, Resource, segment } from './resource.ts';

export class Glossaries extends Resource {
  /** `POST /v2/glossaries`. Not retried after a timeout or a 5xx (it would create a second glossary). */
  create(body: GlossaryCreateBody, options?: CallOptions): ApiPromise<Glossary> {
    return guarded(() =>
      this.call({
        method: 'POST',
        path: '/v2/glossaries',
        json: checked(glossaryCreateBodySchema, body, 'glossary'),
        schema: glossarySchema,
        options,
      }),
    );
  }

  /** `GET /v2/glossaries/{id}`, with every term pair. */
  get(id: string, options?: CallOptions): ApiPromise<Glossary> {
    return guarded(() =>
      this.call({
        method: 'GET',
        path: `/v2/glossaries/${segment(id, 'glossary id')}`,
        schema: glossarySchema,
        options,
      }),
    );
  }

  /** `PUT /v2/glossaries/{id}`: replaces the name and all entries; the service increments `version`. */
  update(id: string, body: GlossaryUpdateBody, options?: CallOptions): ApiPromise<Glossary> {
    return guarded(() =>
      this.call({
        method: 'PUT',
        path: `/v2/glossaries/${segment(id, 'glossary id')}`,
        json: checked(glossaryUpdateBodySchema, body, 'glossary update'),
        schema: glossarySchema,
        options,
      }),
    );
  }

  /** `DELETE /v2/glossaries/{id}`. */
  delete(id: string, options?: CallOptions): ApiPromise<Deleted> {
    return guarded(() =>
      this.call({
        method: 'DELETE',
        path: `/v2/glossaries/${segment(id, 'glossary id')}`,
        schema: deletedSchema,
        options,
      }),
    );
  }
}
