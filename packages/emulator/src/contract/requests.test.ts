// Contract: the request bodies @dubkit/core lets out are the ones the service takes. The emulator's schemas are
// its own reading of the documents (spec/), so the two are compared over generated bodies, valid ones from the
// documents and mutated ones: a client schema that lets a wrong body out, or refuses a right one, fails here.
import * as core from '@dubkit/core/schemas';
import { formatTimecode } from '@dubkit/srt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as glossaries from '../spec/glossaries.ts';
import * as lipsync from '../spec/lipsync.ts';
import * as media from '../spec/media.ts';
import * as projects from '../spec/projects.ts';
import * as segments from '../spec/segments.ts';
import { harness } from '../test-support/harness.ts';

type Body = Record<string, unknown>;

// Values as the documents give them.
const source = fc.constantFrom('en', 'es', 'de', 'fr', 'pt', 'ja', 'fil');
const destination = fc.constantFrom('es', 'en', 'en-us', 'pt-br', 'zh-cn', 'fr-ca', 'de');
const speaker = fc.nat(12).map((n) => `SPEAKER_${String(n).padStart(2, '0')}`);
const text = (lang: fc.Arbitrary<string>) => fc.record({ text: fc.string({ maxLength: 12 }), lang });
const span = fc
  .tuple(fc.nat(600_000), fc.integer({ min: 1, max: 60_000 }))
  .map(([start, length]) => ({ start: formatTimecode(start), end: formatTimecode(start + length) }));
/** A term: non-empty, no tab or newline, no white space at either end; `\r` and any other character may appear. */
const term = fc
  .string({ minLength: 1, maxLength: 10, unit: 'binary' })
  .filter((value) => !/[\t\n]/.test(value) && value.trim() === value);
const entries = fc.dictionary(term, term, { maxKeys: 4 });
/** An optional field: left out, or `null` as the vendor's SDK sends it, or given. */
const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(fc.option(value, { nil: null }), { nil: undefined });
const defined = (body: Body): Body =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));

/** A segment patch object: id and at least one change; times as a pair. */
const segmentPatch = fc
  .record({
    id: fc.uuid(),
    src: maybe(text(source)),
    dst: maybe(text(destination)),
    speaker: maybe(speaker),
    times: maybe(span),
  })
  .filter((patch) => [patch.src, patch.dst, patch.speaker, patch.times].some((change) => change != null))
  .map(({ times, ...patch }) => defined({ ...patch, ...(times ?? {}) }));
const newSegment = (withSpeaker: boolean) =>
  fc
    .record({
      span,
      src: maybe(text(source)),
      dst: maybe(text(destination)),
      speaker: withSpeaker ? speaker : fc.constant(undefined),
    })
    .filter((segment) => segment.src != null || segment.dst != null)
    .map(({ span: times, ...segment }) => defined({ ...times, ...segment }));

interface Endpoint {
  name: string;
  client: z.ZodType;
  emulator: z.ZodType;
  valid: fc.Arbitrary<Body>;
  /** How the client's output travels: as JSON (the default), or as query-string values (then bodies are strings). */
  sent?: (output: unknown) => unknown;
}

/** A query's values as a URL carries them: every value a string. */
const asQuery = (output: unknown): unknown =>
  Object.fromEntries(
    Object.entries(output as Body).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, String(value)]],
    ),
  );

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /api/library/v1/media (query)',
    client: core.mediaUploadQuerySchema,
    emulator: media.mediaUploadQuery,
    valid: fc.record({ kind: fc.constantFrom('video', 'audio', 'image') }, { requiredKeys: [] }),
    sent: asQuery,
  },
  {
    name: 'POST /api/library/v1/media/link',
    client: core.mediaLinkBodySchema,
    emulator: media.mediaLinkBody,
    valid: fc
      .record({
        link: fc.webUrl(),
        name: maybe(fc.string()),
        kind: maybe(fc.constantFrom('video', 'audio', 'image')),
      })
      .map(defined),
  },
  {
    name: 'POST /v2/projects',
    client: core.projectCreateBodySchema,
    emulator: projects.projectCreateBody,
    valid: fc
      .record({
        video_id: fc.uuid(),
        dst_lang: destination,
        name: maybe(fc.string()),
        src_lang: maybe(source),
        num_speakers: maybe(fc.integer({ min: 1, max: 12 })),
        transcript_id: maybe(fc.uuid()),
        glossary_id: maybe(fc.uuid()),
      })
      .map(defined),
  },
  {
    name: 'GET /v2/projects (query)',
    client: core.projectListQuerySchema,
    emulator: projects.projectListQuery,
    valid: fc.record(
      {
        offset: fc.nat(1000).map(String),
        limit: fc.integer({ min: 1, max: 100 }).map(String),
        name: fc.string({ minLength: 1 }),
      },
      { requiredKeys: [] },
    ),
    sent: asQuery,
  },
  {
    name: 'PATCH /v2/projects/{id}',
    client: core.projectUpdateBodySchema,
    emulator: projects.projectUpdateBody,
    valid: fc
      .record({
        name: maybe(fc.string({ minLength: 1 })),
        num_speakers: maybe(fc.integer({ min: 1, max: 12 })),
        voice: maybe(fc.dictionary(speaker, fc.uuid(), { minKeys: 1, maxKeys: 3 })),
      })
      .filter((body) => body.name != null || body.num_speakers != null || body.voice != null)
      .map(defined),
  },
  {
    name: 'PATCH /v2/projects/{id}/transcription/segments',
    client: core.segmentsPatchBodySchema,
    emulator: segments.segmentsPatchBody,
    valid: fc
      .uniqueArray(segmentPatch, { minLength: 1, maxLength: 3, selector: (patch) => patch.id })
      .map((list) => ({ segments: list })),
  },
  {
    name: 'POST /v2/projects/{id}/transcription/segments',
    client: core.segmentsCreateBodySchema,
    emulator: segments.segmentsCreateBody,
    valid: fc
      .array(fc.boolean().chain(newSegment), { minLength: 1, maxLength: 3 })
      .map((list) => ({ segments: list })),
  },
  {
    name: 'POST /v2/transcriptions',
    client: core.transcriptionCreateBodySchema,
    emulator: segments.transcriptionCreateBody,
    valid: fc
      .boolean()
      .chain((named) => fc.array(newSegment(named), { minLength: 1, maxLength: 3 }))
      .map((list) => ({ segments: list })),
  },
  {
    name: 'POST /v2/glossaries',
    client: core.glossaryCreateBodySchema,
    emulator: glossaries.glossaryCreateBody,
    valid: fc.record({ name: fc.string({ minLength: 1 }), src_lang: source, dst_lang: destination, entries }),
  },
  {
    name: 'PUT /v2/glossaries/{id}',
    client: core.glossaryUpdateBodySchema,
    emulator: glossaries.glossaryUpdateBody,
    valid: fc.record({ name: fc.string({ minLength: 1 }), entries }),
  },
  {
    name: 'PUT /v2/projects/{id}/lipsync',
    client: core.lipsyncStartBodySchema,
    emulator: lipsync.lipsyncStartBody,
    valid: fc
      .record({ is_multiple_speakers: maybe(fc.boolean()), is_free_lipsync: maybe(fc.boolean()) })
      .map(defined),
  },
];

/** Wrong values a client might let through: other types, other forms of languages, times, speakers and ids. */
const WRONG: unknown[] = [
  null,
  0,
  -1,
  1.5,
  true,
  '',
  ' ',
  'x',
  [],
  {},
  { text: 'a' },
  { text: 'a', lang: 'es', extra: 1 },
  'en-us',
  'EN',
  'es_ES',
  'xx',
  'sp',
  '00:00:01.000',
  '0:00:01,000',
  '00:60:00,000',
  '00:00:02,000',
  'speaker_00',
  'SPEAKER_0',
  'Speaker_01',
  'not-a-uuid',
  '6f1c1b7e9a534b448d6c2d0b5b1c9a11',
  'youtu.be/x',
  { ' padded': 'x' },
  { 'a\tb': 'c' },
  { a: '' },
  { SPEAKER_00: 'not-a-uuid' },
  { speaker_00: null },
];

/** What a query string can carry instead: only strings. */
const WRONG_IN_QUERY = WRONG.filter((value) => typeof value === 'string');

/** `body` with one field (at the top or inside its first segment) replaced, removed, or one field added. */
function mutated(valid: fc.Arbitrary<Body>, wrongs: readonly unknown[] = WRONG): fc.Arbitrary<Body> {
  return fc
    .tuple(valid, fc.nat(), fc.constantFrom(...wrongs), fc.constantFrom('replace', 'remove', 'add', 'inner'))
    .map(([body, pick, wrong, how]) => {
      const inner = Array.isArray(body.segments) ? (body.segments[0] as Body) : undefined;
      const target = how === 'inner' && inner ? { ...inner } : { ...body };
      const keys = Object.keys(target);
      const key = how === 'add' || keys.length === 0 ? 'extra_field' : keys[pick % keys.length]!;
      if (how === 'remove') delete target[key];
      else target[key] = wrong;
      return how === 'inner' && inner
        ? { ...body, segments: [target, ...(body.segments as Body[]).slice(1)] }
        : target;
    });
}

/** docs/service.md, Errors: 422 `{detail: [{loc, msg, type}]}`, `loc` strings and integers. */
const VALIDATION_ERROR = z.strictObject({
  detail: z
    .array(
      z.strictObject({
        loc: z.array(z.union([z.string(), z.int()])).min(1),
        msg: z.string(),
        type: z.string(),
      }),
    )
    .min(1),
});

/** What the client sends once its schema has passed a body: its output, as JSON. */
const sent = (output: unknown): unknown => JSON.parse(JSON.stringify(output));

/** Where the client is stricter than the documents on purpose ("a client may still refuse it as useless"). */
const clientChoice = (body: Body) =>
  typeof body.entries === 'object' && body.entries !== null && Object.keys(body.entries).length === 0;

describe('contract: request bodies, @dubkit/core against the emulator’s reading of the documents', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: the client refuses what the service refuses, and what it sends the service takes`, () => {
      fc.assert(
        fc.property(
          fc.oneof(endpoint.valid, mutated(endpoint.valid, endpoint.sent ? WRONG_IN_QUERY : WRONG)),
          (body) => {
            const client = endpoint.client.safeParse(body);
            const service = endpoint.emulator.safeParse(body);
            const shown = JSON.stringify(body);
            if (!clientChoice(body)) expect(client.success, `client takes ${shown}`).toBe(service.success);
            if (client.success) {
              expect(
                endpoint.emulator.safeParse((endpoint.sent ?? sent)(client.data)).error?.issues,
                `sent ${shown}`,
              ).toBeUndefined();
            }
          },
        ),
        { numRuns: 600 },
      );
    });

    it(`${endpoint.name}: a body the documents allow, the service takes`, () => {
      fc.assert(
        fc.property(endpoint.valid, (body) => {
          expect(endpoint.emulator.safeParse(body).error?.issues, JSON.stringify(body)).toBeUndefined();
        }),
        { numRuns: 200 },
      );
    });
  }

  it('over HTTP: every body the emulator refuses gets the documented 422, {detail: [{loc, msg, type}]}', async () => {
    const h = await harness();
    const { id } = await h.dubbed();
    const glossary = await h.call('POST', '/v2/glossaries', {
      name: 'g',
      src_lang: 'en',
      dst_lang: 'es',
      entries: {},
    });
    const paths: Record<string, [string, string]> = {
      'POST /v2/projects': ['POST', '/v2/projects'],
      'PATCH /v2/projects/{id}': ['PATCH', `/v2/projects/${id}`],
      'POST /v2/projects/{id}/transcription/segments': ['POST', `/v2/projects/${id}/transcription/segments`],
      'PUT /v2/glossaries/{id}': ['PUT', `/v2/glossaries/${glossary.body.id}`],
      'PUT /v2/projects/{id}/lipsync': ['PUT', `/v2/projects/${id}/lipsync`],
    };
    for (const endpoint of ENDPOINTS.filter((endpoint) => endpoint.name in paths)) {
      const [method, path] = paths[endpoint.name]!;
      const refused = mutated(endpoint.valid).filter((body) => !endpoint.emulator.safeParse(body).success);
      await fc.assert(
        fc.asyncProperty(refused, async (body) => {
          const answer = await h.call(method, path, body);
          expect(answer.status, JSON.stringify(body)).toBe(422);
          expect(
            VALIDATION_ERROR.safeParse(answer.body).error?.issues,
            JSON.stringify(answer.body),
          ).toBeUndefined();
        }),
        { numRuns: 15 },
      );
    }
  });

  it('would catch a client schema that lets a source language with a dialect out', () => {
    const lenient = core.projectCreateBodySchema.extend({ src_lang: core.optionalField(z.string()) });
    const project = ENDPOINTS.find((endpoint) => endpoint.name === 'POST /v2/projects')!;
    const result = fc.check(
      fc.property(mutated(project.valid), (body) => {
        const client = lenient.safeParse(body);
        return !client.success || projects.projectCreateBody.safeParse(sent(client.data)).success;
      }),
      { numRuns: 2000 },
    );
    expect(result.failed).toBe(true);
  });
});
