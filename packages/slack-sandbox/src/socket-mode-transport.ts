// Slack's Socket Mode delivery, for the driver: the same payloads as over HTTP, sent as envelopes on the
// app's WebSocket — events as `events_api` (the callback as payload, retries counted in retry_attempt),
// commands as `slash_commands` (the fields as a JSON object), interactions as `interactive` — and answered
// by the app's ack, whose payload stands for the HTTP response body.
import type { Ack, SocketModeServer } from './socket-mode.ts';
import type { DriverResponse, Retry, SlackTransport } from './transport.ts';

/** Interactions whose ack may carry an answer (a view's response_action, a menu's options). */
const ANSWERABLE = new Set(['view_submission', 'block_suggestion']);

export class SocketModeTransport implements SlackTransport {
  readonly #server: SocketModeServer;

  constructor(server: SocketModeServer) {
    this.#server = server;
  }

  async event(callback: Record<string, unknown>, retry?: Retry): Promise<DriverResponse> {
    return response(
      await this.#server.send('events_api', callback, {
        acceptsResponsePayload: false,
        ...(retry ? { retry } : {}),
      }),
    );
  }

  async command(fields: Record<string, string>): Promise<DriverResponse> {
    return response(await this.#server.send('slash_commands', fields, { acceptsResponsePayload: true }));
  }

  async interaction(payload: Record<string, unknown>): Promise<DriverResponse> {
    const acceptsResponsePayload = ANSWERABLE.has(String(payload.type));
    return response(await this.#server.send('interactive', payload, { acceptsResponsePayload }));
  }
}

/** An ack as the HTTP answer it replaces: 200, its payload as JSON, or an empty body for an empty ack. */
function response(ack: Ack): DriverResponse {
  const payload = ack.payload ?? {};
  return { status: 200, body: Object.keys(payload).length > 0 ? JSON.stringify(payload) : '' };
}
