// Whether an error means the database could not be reached or went away mid-request (PostgreSQL restarted,
// the network cut, the pool unable to connect; SQLite locked past its busy timeout), as opposed to a bug or a
// refused write. Listeners answer such errors "busy, try again": the request was not recorded, so the person
// must send it again, and saying so beats silence.

/** PostgreSQL's SQLSTATE classes and codes for a server that is going away or not yet taking connections. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'database is locked',
];

export function isStoreUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_CODES.has(code)))
      return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    // AggregateError (a connect to several addresses failing at once)
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some(isStoreUnavailable)) return true;
  }
  return false;
}
