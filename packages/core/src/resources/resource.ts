// What every resource shares: the one transport, checking input before it is sent, and safe path segments.
import type { z } from 'zod';
import { type ApiPromise, apiPromise } from '../api-promise.ts';
import { RequestValidationError } from '../errors.ts';
import type { Transport, TransportRequest } from '../transport.ts';

export abstract class Resource {
  protected readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  protected call<T>(request: TransportRequest<T>): ApiPromise<T> {
    return apiPromise(this.transport.request(request));
  }
}

/** Parses `value` with a strict request schema; throws RequestValidationError naming each bad field. */
export function checked<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new RequestValidationError(what, result.error.issues);
  return result.data;
}

/** An id as one path segment; empty or non-string ids are caught before a request goes to a wrong URL. */
export function segment(id: unknown, name: string): string {
  if (typeof id !== 'string' || id.length === 0) {
    throw new RequestValidationError(name, [{ path: name, message: 'Expected a non-empty string id' }]);
  }
  return encodeURIComponent(id);
}

/** Runs `build` and turns a synchronous validation error into a rejected ApiPromise, so callers see one shape. */
export function guarded<T>(build: () => ApiPromise<T>): ApiPromise<T> {
  try {
    return build();
  } catch (error) {
    return apiPromise<T>(Promise.reject(error));
  }
}
