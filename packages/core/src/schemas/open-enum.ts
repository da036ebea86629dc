// Lenient enums for responses: any string passes, so a status the hosted service adds later does not break
// users, while the type keeps the known values as literals (`string & {}` stops them collapsing into string).
import { z } from 'zod';

export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.custom<T[number] | (string & {})>((value) => typeof value === 'string', {
    message: `Expected a string such as ${values.slice(0, 3).join(', ')}`,
  });
}
