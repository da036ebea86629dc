// Request shape of `PUT /v2/projects/{id}/lipsync` (docs/service.md, Lip-sync).
import { z } from 'zod';
import { optional } from './formats.ts';

/** A flag left out (or `null`, as the vendor's SDK sends it) is `false`: the full lip-sync, one face at a time. */
const flag = optional(z.boolean()).transform((value) => value ?? false);

export const lipsyncStartBody = z.strictObject({
  /** True when several faces are on screen at once (slower). */
  is_multiple_speakers: flag,
  /** True asks for the free preview; "the full lip-sync needs `is_free_lipsync: false`". */
  is_free_lipsync: flag,
});

export type LipsyncStartBody = z.output<typeof lipsyncStartBody>;
