// Lenient enums for responses: the known values keep their literal types, and any other string still passes,
// so a status the hosted service adds later does not break users.
import { z } from 'zod';

/** A string that is not one of the known values; `string & {}` keeps editors offering the known literals. */
const otherString = z.custom<string & {}>((value) => typeof value === 'string', {
  message: 'Expected a string',
});

export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), otherString]);
}
