// The value every API method returns: a Promise of the parsed data, plus `withResponse()` for the status,
// headers and request id when a caller needs them (support tickets, logs).
import type { ApiResponse } from './transport.ts';

export type ApiPromise<T> = Promise<T> & {
  /** The data together with `status`, `headers` and `requestId` (the `x-request-id` header). */
  withResponse(): Promise<ApiResponse<T>>;
};

export function apiPromise<T>(response: Promise<ApiResponse<T>>): ApiPromise<T> {
  const data = response.then((r) => r.data);
  // A caller who only uses withResponse() still sees the error there; this keeps the unused twin quiet.
  data.catch(() => {});
  return Object.assign(data, { withResponse: () => response });
}
