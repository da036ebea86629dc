// Slack's HTTP delivery: a POST to the app's Request URL, signed the way Slack signs it (v0 HMAC-SHA256 of
// "v0:timestamp:body" with the signing secret), events as JSON with X-Slack-Retry-Num/-Reason on
// redeliveries, commands form-encoded, interactions as a form field `payload` holding JSON.
import { createHmac } from 'node:crypto';
import type { DriverResponse, Retry, SlackTransport } from './transport.ts';

/** Slack gives up on a request after 3 s and retries; the driver waits longer, a loaded test machine is slow. */
const REQUEST_TIMEOUT_MS = 10_000;

export class HttpTransport implements SlackTransport {
  readonly #eventsUrl: string;
  readonly #signingSecret: string;

  constructor(options: { eventsUrl: string; signingSecret: string }) {
    this.#eventsUrl = options.eventsUrl;
    this.#signingSecret = options.signingSecret;
  }

  event(callback: Record<string, unknown>, retry?: Retry): Promise<DriverResponse> {
    return this.#send(JSON.stringify(callback), 'application/json', retry);
  }

  command(fields: Record<string, string>): Promise<DriverResponse> {
    return this.#send(new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded');
  }

  interaction(payload: Record<string, unknown>): Promise<DriverResponse> {
    const form = new URLSearchParams({ payload: JSON.stringify(payload) });
    return this.#send(form.toString(), 'application/x-www-form-urlencoded');
  }

  async #send(body: string, contentType: string, retry?: Retry): Promise<DriverResponse> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = slackSignature(this.#signingSecret, timestamp, body);
    const headers: Record<string, string> = {
      'content-type': contentType,
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signature,
    };
    if (retry) {
      headers['x-slack-retry-num'] = String(retry.num);
      headers['x-slack-retry-reason'] = retry.reason;
    }
    const response = await fetch(this.#eventsUrl, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, body: await response.text() };
  }
}

/** Slack's request signature: `v0=` and the hex HMAC-SHA256 of "v0:timestamp:body" with the signing secret. */
export function slackSignature(signingSecret: string, timestamp: string, body: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}
