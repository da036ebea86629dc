// A response that its lenient schema accepts unchanged is returned as the parsed JSON itself. zod's parse rebuilds
// every object and array of it, which cost about as much as JSON.parse again on each project read; at 32
// concurrent requests that was the client's own share of the time per response. The check is derived once per
// schema from zod's definitions, for the kinds whose output equals their input (no check, transform, default or
// stripped key); for any other schema, and any value the check refuses, zod parses as before.
import type { z } from 'zod';

type Accepts = (value: unknown) => boolean;

/** The parts of zod's definitions read here (`schema._zod.def`). */
interface Definition {
  type: string;
  checks?: readonly unknown[];
  innerType?: z.ZodType;
  shape?: Readonly<Record<string, z.ZodType>>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  fn?: (value: unknown) => unknown;
}

const derived = new WeakMap<z.ZodType, Accepts | null>();

/**
 * A test true only for values `schema` parses to an equal value; undefined when `schema` has a kind this does
 * not read (zod must then parse every value).
 */
export function acceptsAsIs(schema: z.ZodType): Accepts | undefined {
  let accepts = derived.get(schema);
  if (accepts === undefined) {
    accepts = derive(schema) ?? null;
    derived.set(schema, accepts);
  }
  return accepts ?? undefined;
}

function derive(schema: z.ZodType): Accepts | undefined {
  const def = schema._zod.def as unknown as Definition;
  if (def.checks !== undefined && def.checks.length > 0) return undefined;
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'unknown':
      return () => true;
    case 'custom': {
      const fn = def.fn;
      return fn ? (value) => Boolean(fn(value)) : undefined;
    }
    case 'nullable': {
      const inner = def.innerType && derive(def.innerType);
      return inner && ((value) => value === null || inner(value));
    }
    case 'optional': {
      const inner = def.innerType && derive(def.innerType);
      return inner && ((value) => value === undefined || inner(value));
    }
    case 'array': {
      const element = def.element && derive(def.element);
      return element && ((value) => Array.isArray(value) && value.every(element));
    }
    case 'record':
      return deriveRecord(def);
    case 'object':
      return deriveObject(def);
    default:
      return undefined;
  }
}

function isRecordObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deriveRecord(def: Definition): Accepts | undefined {
  // Only string keys without checks: an enum or a pattern key changes what zod keeps.
  if (!def.keyType || derive(def.keyType) === undefined) return undefined;
  if ((def.keyType._zod.def as unknown as Definition).type !== 'string') return undefined;
  const entry = def.valueType && derive(def.valueType);
  if (!entry) return undefined;
  return (value) => {
    if (!isRecordObject(value)) return false;
    for (const key in value) if (Object.hasOwn(value, key) && !entry(value[key])) return false;
    return true;
  };
}

function deriveObject(def: Definition): Accepts | undefined {
  // Only loose objects keep the keys they do not name; a strict or stripping one changes or refuses them.
  if (!def.catchall || (def.catchall._zod.def as unknown as Definition).type !== 'unknown') return undefined;
  const fields: [string, Accepts][] = [];
  for (const [key, field] of Object.entries(def.shape ?? {})) {
    const accepts = derive(field);
    if (!accepts) return undefined;
    fields.push([key, accepts]);
  }
  return (value) => {
    if (!isRecordObject(value)) return false;
    for (const [key, accepts] of fields) if (!accepts(value[key])) return false;
    return true;
  };
}
