import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptsAsIs } from './accepts-as-is.ts';
import {
  creditsSchema,
  glossarySchema,
  mediaRecordSchema,
  projectCreateBodySchema,
  projectListSchema,
  projectSchema,
  transcriptionSchema,
  voicesSchema,
} from './index.ts';

const project = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Episode 1',
  source_type: 'local',
  created_at: '2026-01-01T00:00:00Z',
  status: 'translation_done',
  status_updated_at: '2026-01-01T00:05:00Z',
  src_lang: 'en',
  dst_lang: 'es',
  num_speakers: 2,
  duration: 123.4,
  voice: { SPEAKER_00: 'voice-a', SPEAKER_01: null },
  sparkle: { unknown: ['kept'] },
};

describe('acceptsAsIs', () => {
  it('passes a valid project and page as they are, with unknown fields and statuses', () => {
    expect(acceptsAsIs(projectSchema)?.(project)).toBe(true);
    expect(acceptsAsIs(projectSchema)?.({ ...project, status: 'quantum_dubbing', voice: null })).toBe(true);
    const page = { total: 1, offset: 0, projects: [{ ...project, voice: undefined }] };
    expect(acceptsAsIs(projectListSchema)?.(page)).toBe(true);
  });

  it('refuses what zod would refuse or change, so that zod parses it', () => {
    const accepts = acceptsAsIs(projectSchema)!;
    expect(accepts({ ...project, status: 7 })).toBe(false);
    expect(accepts({ ...project, voice: { SPEAKER_00: 1 } })).toBe(false);
    expect(accepts({ ...project, voice: ['voice-a'] })).toBe(false);
    expect(accepts({ id: project.id })).toBe(false);
    expect(accepts([project])).toBe(false);
    expect(accepts(null)).toBe(false);
  });

  it('reads no schema with checks, transforms, defaults or stripped keys', () => {
    expect(acceptsAsIs(projectCreateBodySchema)).toBeUndefined();
    expect(acceptsAsIs(z.object({ id: z.string() }))).toBeUndefined();
    expect(acceptsAsIs(z.looseObject({ id: z.string().min(1) }))).toBeUndefined();
    expect(acceptsAsIs(z.looseObject({ n: z.number().default(1) }))).toBeUndefined();
    expect(acceptsAsIs(z.looseObject({ s: z.string().transform(Number) }))).toBeUndefined();
    expect(acceptsAsIs(z.record(z.enum(['a', 'b']), z.string()))).toBeUndefined();
  });

  it('accepts only values zod parses to an equal value (JSON of any shape near the schemas)', () => {
    const near = (shape: Record<string, unknown>) =>
      fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([key, value]) => [
            key,
            fc.oneof({ arbitrary: fc.constant(value), weight: 6 }, fc.jsonValue(), fc.constant(undefined)),
          ]),
        ),
      );
    const schemas = [projectSchema, projectListSchema, voicesSchema, glossarySchema, mediaRecordSchema];
    const values = fc.oneof(
      near(project),
      near({ total: 1, offset: 0, projects: [project] }),
      fc.array(near({ id: 'v', label: 'Voice', gender: 'female', sample_src: null })),
      fc.jsonValue(),
    );
    let accepted = 0;
    fc.assert(
      fc.property(values, (generated) => {
        // As a response arrives: through JSON (plain prototypes, no undefined).
        const value: unknown = JSON.parse(JSON.stringify(generated) ?? 'null');
        for (const schema of schemas) {
          const accepts = acceptsAsIs(schema);
          if (!accepts?.(value)) continue;
          accepted++;
          const parsed = schema.safeParse(value);
          expect(parsed.success).toBe(true);
          expect(parsed.data).toStrictEqual(value);
        }
      }),
      { numRuns: 500 },
    );
    expect(accepted).toBeGreaterThan(50);
  });

  it('derives a check for the response schemas read on hot paths', () => {
    for (const schema of [projectSchema, projectListSchema, voicesSchema, transcriptionSchema, creditsSchema])
      expect(acceptsAsIs(schema)).toBeTypeOf('function');
  });
});
