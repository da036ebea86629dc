// Slack's Socket Mode, served by the fake Slack on its own port over a real WebSocket. The app asks
// apps.connections.open (with its app-level token) for a one-time ws:// URL and connects; the server greets
// it with `hello`, then delivers envelopes — events_api, slash_commands, interactive — and waits for the
// app's acknowledgement `{envelope_id, payload}`. Like Slack, it can ask the app to reconnect
// (`disconnect` with reason `warning`, `refresh_requested` or `link_disabled`), and a test can cut a
// connection without a close frame, as a network failure would.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { Retry } from './transport.ts';

export type EnvelopeType = 'events_api' | 'slash_commands' | 'interactive';

/** What Slack sends over the socket for each event, command or interaction. */
export interface Envelope {
  envelope_id: string;
  type: EnvelopeType;
  payload: Record<string, unknown>;
  /** True where the app may answer with a payload (a command's message, a view's response_action). */
  accepts_response_payload: boolean;
  /** Events only: which delivery this is (0 the first) and why Slack tried again. */
  retry_attempt?: number;
  retry_reason?: string;
}

/** The app's acknowledgement of an envelope. */
export interface Ack {
  envelope_id: string;
  payload?: Record<string, unknown>;
}

export type DisconnectReason = 'warning' | 'refresh_requested' | 'link_disabled';

/** An envelope as sent, on which connection, and its acknowledgement once in. */
export interface SentEnvelope {
  envelope: Envelope;
  connection: number;
  ack?: Ack;
}

export interface ConnectionRecord {
  id: number;
  openedAt: number;
  closedAt?: number;
  /** The close code the connection ended with (1006: cut without a close frame). */
  closeCode?: number;
}

/** Slack's Socket Mode URLs are short-lived and good for one connection. */
const TICKET_TTL_MS = 30_000;
/** After a `refresh_requested` or `link_disabled`, Slack closes the connection itself if the app has not. */
const CLOSE_AFTER_DISCONNECT_MS = 2_000;
const DEFAULT_ACK_TIMEOUT_MS = 10_000;
const HOST = 'applink-fake-slack';

interface Pending {
  resolve: (ack: Ack) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  connection: number;
}

export class SocketModeServer {
  /** Every envelope sent, oldest first. */
  readonly envelopes: SentEnvelope[] = [];
  /** Every connection made, oldest first. */
  readonly connections: ConnectionRecord[] = [];
  readonly #appId: string;
  readonly #baseUrl: () => string;
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #tickets = new Map<string, number>();
  readonly #open = new Map<number, WebSocket>();
  readonly #pending = new Map<string, Pending>();
  readonly #timers = new Set<NodeJS.Timeout>();
  /** Called on every new connection (after its hello), so that waiting for one needs no polling. */
  readonly #onConnect = new Set<() => void>();
  #closed = false;

  constructor(options: { appId: string; baseUrl: () => string }) {
    this.#appId = options.appId;
    this.#baseUrl = options.baseUrl;
  }

  /** apps.connections.open: a fresh URL carrying a one-time ticket. */
  openUrl(): string {
    const ticket = randomBytes(16).toString('hex');
    this.#tickets.set(ticket, Date.now() + TICKET_TTL_MS);
    const base = this.#baseUrl().replace(/^http/, 'ws');
    return `${base}/link/?ticket=${ticket}&app_id=${this.#appId}`;
  }

  /** The fake Slack's HTTP server hands every upgrade request here. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const ticket = url.searchParams.get('ticket') ?? '';
    const expiresAt = this.#tickets.get(ticket);
    this.#tickets.delete(ticket);
    if (this.#closed || url.pathname !== '/link/' || expiresAt === undefined || expiresAt < Date.now()) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws));
  }

  /** Connections open now. */
  get openConnections(): number {
    return this.#live().length;
  }

  /**
   * Waits until `count` connections have been made in all and one is open (after a drop or a disconnect,
   * the app's next connection is `connections.length + 1`), at most `timeoutMs`.
   */
  waitForConnection(count: number, timeoutMs: number): Promise<void> {
    const ready = () => this.connections.length >= count && this.#live().length > 0;
    if (ready()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!ready()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no Socket Mode connection #${count} within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.#onConnect.delete(check);
      };
      this.#onConnect.add(check);
    });
  }

  /**
   * Sends an envelope on the newest open connection and resolves with the app's acknowledgement. With no
   * connection open (the app reconnecting) it waits for one first, as Slack holds what it has to deliver;
   * it fails when no ack comes within `timeoutMs` or the connection closes first.
   */
  async send(
    type: EnvelopeType,
    payload: Record<string, unknown>,
    options: { acceptsResponsePayload: boolean; retry?: Retry; timeoutMs?: number },
  ): Promise<Ack> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    if (this.#live().length === 0) await this.waitForConnection(this.connections.length + 1, timeoutMs);
    const [id, ws] = this.#live().at(-1)!;
    const envelope: Envelope = {
      envelope_id: randomUUID(),
      type,
      payload,
      accepts_response_payload: options.acceptsResponsePayload,
      ...(type === 'events_api'
        ? { retry_attempt: options.retry?.num ?? 0, retry_reason: options.retry?.reason ?? '' }
        : {}),
    };
    const sent: SentEnvelope = { envelope, connection: id };
    this.envelopes.push(sent);
    const acked = new Promise<Ack>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.#pending.delete(envelope.envelope_id);
          reject(new Error(`no ack for ${type} envelope ${envelope.envelope_id} within ${timeoutMs} ms`));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.#pending.set(envelope.envelope_id, {
        resolve: (ack) => {
          sent.ack = ack;
          resolve(ack);
        },
        reject,
        timer,
        connection: id,
      });
    });
    ws.send(JSON.stringify(envelope));
    return acked;
  }

  /**
   * Sends `disconnect` with `reason` on every open connection; returns how many. After `refresh_requested`
   * or `link_disabled` a connection the app has not closed within 2 s is closed by the server, as Slack does.
   */
  disconnect(reason: DisconnectReason): number {
    const targets = this.#live().map(([, ws]) => ws);
    for (const ws of targets) {
      ws.send(JSON.stringify({ type: 'disconnect', reason, debug_info: { host: HOST } }));
      if (reason === 'warning') continue;
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        if (ws.readyState === ws.OPEN) ws.close(1001, reason);
      }, CLOSE_AFTER_DISCONNECT_MS);
      this.#timers.add(timer);
      ws.once('close', () => {
        clearTimeout(timer);
        this.#timers.delete(timer);
      });
    }
    return targets.length;
  }

  /** Cuts every open connection without a close frame (a network failure); returns how many. */
  drop(): number {
    const targets = this.#live().map(([, ws]) => ws);
    for (const ws of targets) ws.terminate();
    return targets.length;
  }

  /** Open connections, oldest first; one being closed (its close event still to come) no longer counts. */
  #live(): [number, WebSocket][] {
    return [...this.#open.entries()].filter(([, ws]) => ws.readyState === ws.OPEN);
  }

  /** Ends every connection and stops; pending sends fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const ws of this.#open.values()) ws.terminate();
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.reject(new Error(`the fake Slack closed before envelope ${id} was acknowledged`));
    }
    this.#pending.clear();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #accept(ws: WebSocket): void {
    const record: ConnectionRecord = { id: this.connections.length + 1, openedAt: Date.now() };
    this.connections.push(record);
    this.#open.set(record.id, ws);
    ws.on('message', (data, isBinary) => this.#receive(data, isBinary));
    ws.on('close', (code) => {
      record.closedAt = Date.now();
      record.closeCode = code;
      this.#open.delete(record.id);
      // Slack redelivers what was not acknowledged on a connection that went away; here the sender hears of it.
      for (const [envelopeId, pending] of this.#pending) {
        if (pending.connection !== record.id) continue;
        clearTimeout(pending.timer);
        this.#pending.delete(envelopeId);
        pending.reject(
          new Error(`connection ${record.id} closed before envelope ${envelopeId} was acknowledged`),
        );
      }
    });
    ws.send(
      JSON.stringify({
        type: 'hello',
        num_connections: this.#live().length,
        debug_info: { host: HOST, build_number: 1, approximate_connection_time: 18_060 },
        connection_info: { app_id: this.#appId },
      }),
    );
    for (const notify of [...this.#onConnect]) notify();
  }

  #receive(data: RawData, isBinary: boolean): void {
    if (isBinary) return;
    let message: { envelope_id?: unknown; payload?: unknown };
    try {
      message = JSON.parse(data.toString());
    } catch {
      return; // Slack ignores what it cannot read; the envelope then times out
    }
    const id = typeof message.envelope_id === 'string' ? message.envelope_id : '';
    const pending = this.#pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.#pending.delete(id);
    const payload = message.payload;
    pending.resolve({
      envelope_id: id,
      ...(payload && typeof payload === 'object' ? { payload: payload as Record<string, unknown> } : {}),
    });
  }
}
