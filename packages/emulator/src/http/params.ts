// Path ids and query strings as the hosted service (FastAPI) reads them: UUID path parameters, and query values
// where an empty one (`?kind=`, what the vendor's SDK sends for an unset value) means not given.
import type { Ctx } from './env.ts';
import { invalid } from './errors.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id as FastAPI validates a UUID path parameter, lower-cased as the records store it. */
export function pathId(c: Ctx, name: string): string {
  const value = c.req.param(name) ?? '';
  if (!UUID.test(value)) throw invalid(['path', name], 'Input should be a valid UUID', 'uuid_parsing');
  return value.toLowerCase();
}

/**
 * The query's given values, name → every value (a name may repeat): empty values are left out, as not given.
 * A parameter the endpoint does not take is refused (the emulator is strict), unless its value is empty.
 */
export function queryOf(c: Ctx, allowed: readonly string[]): Map<string, string[]> {
  const given = new Map<string, string[]>();
  for (const [key, values] of Object.entries(c.req.queries())) {
    const present = values.filter((value) => value !== '');
    if (present.length === 0) continue;
    if (!allowed.includes(key))
      throw invalid(['query', key], 'Extra inputs are not permitted', 'extra_forbidden');
    given.set(key, present);
  }
  return given;
}

/** The query as one value per name (the first), for endpoints whose parameters do not repeat. */
export function singleQuery(c: Ctx, allowed: readonly string[]): Record<string, string> {
  const single: Record<string, string> = {};
  for (const [key, values] of queryOf(c, allowed)) single[key] = values[0]!;
  return single;
}
