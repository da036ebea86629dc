// How Slack's requests reach an app. Slack has two ways and the driver speaks both: HTTP, where every event,
// command and interaction is a signed POST to the app's Request URL, and Socket Mode (socket-transport.ts),
// where the same payloads travel as envelopes over a WebSocket the app opened. Scenario code builds the
// payloads once and hands them to whichever transport the stage chose.

/** What the app answered: its HTTP status and body, or over Socket Mode 200 and the ack's payload as JSON. */
export interface DriverResponse {
  status: number;
  body: string;
}

/** A redelivery, as Slack marks it: which attempt and why (`http_timeout`, `http_error`, …). */
export interface Retry {
  num: number;
  reason: string;
}

export interface SlackTransport {
  /** An Events API callback (`type: 'event_callback'`). */
  event(callback: Record<string, unknown>, retry?: Retry): Promise<DriverResponse>;
  /** A slash command's fields, as Slack form-encodes them over HTTP. */
  command(fields: Record<string, string>): Promise<DriverResponse>;
  /** A block action, shortcut or view submission payload. */
  interaction(payload: Record<string, unknown>): Promise<DriverResponse>;
}
