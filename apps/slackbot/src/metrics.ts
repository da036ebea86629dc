// GET /metrics in Prometheus's text format, for alerts on what logs do not show: a growing outbox backlog,
// a service or Slack answering 429s, a loop that stopped, a replica falling behind. Each replica has its own
// registry, every series labelled with `replica`. Counters move as things happen (Slack calls, service
// answers, loop rounds); the store's figures (jobs by state, languages polled, writes not yet made) are counts
// the database keeps as rows change (store/sql/counts.ts), read when scraped, with the store's round trip
// timed on the way.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type WebAPICallResult, WebClient } from '@slack/web-api';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestBudget } from './dubbing/budget.ts';
import { type ReadinessProbe, readiness } from './health.ts';
import { slackFailure } from './outbox/deliverer.ts';
import { observeLeases } from './runtime/leases.ts';
import { observeLoops } from './runtime/loop.ts';
import { constantTimeEqual } from './slack/receiver.ts';
import type { Stores } from './store/store.ts';

export const METRICS_PATH = '/metrics';

/**
 * The Web API client, telling `observer` of every call's method and result. A subclass, because the client's
 * method helpers (chat.postMessage…) are bound to `apiCall` when it is constructed.
 */
export class ObservedWebClient extends WebClient {
  observer: ((method: string, result: 'ok' | 'rate_limited' | 'refused' | 'failed') => void) | undefined;
  /** Set: every call is made by the client this gives at the time (a tenant's, with its newest token). */
  readonly #through: (() => Promise<WebClient>) | undefined;

  constructor(
    token?: string,
    options?: ConstructorParameters<typeof WebClient>[1],
    through?: () => Promise<WebClient>,
  ) {
    super(token, options);
    this.#through = through;
  }

  override async apiCall(method: string, options?: Record<string, unknown>): Promise<WebAPICallResult> {
    try {
      const answer = this.#through
        ? await (await this.#through()).apiCall(method, options)
        : await super.apiCall(method, options);
      this.observer?.(method, 'ok');
      return answer;
    } catch (error) {
      const failure = slackFailure(error);
      this.observer?.(
        method,
        failure.kind === 'rate-limited' ? 'rate_limited' : failure.kind === 'refused' ? 'refused' : 'failed',
      );
      throw error;
    }
  }
}

export interface AppMetrics {
  /** Answers GET /metrics. */
  handler(req: IncomingMessage, res: ServerResponse): void;
  /** A Slack write given up on after its tries, with Slack's reason (the deliverer's `onGaveUp`). */
  writeGaveUp(code: string): void;
  close(): void;
}

export function appMetrics(options: {
  replica: string;
  store: Pick<Stores, 'stats'>;
  /** Where the Slack calls are reported: its observer is set here (every tenant's client reports to it). */
  slack: Pick<ObservedWebClient, 'observer'>;
  budget: RequestBudget;
  /** The readiness checks, evaluated at each scrape as /readyz would. */
  probes?: ReadinessProbe[];
  /** METRICS_TOKEN: a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
  /**
   * Without a token, on the app's own port (where Slack's requests arrive, perhaps through a proxy): only a
   * scrape from this machine that no proxy passed on is answered.
   */
  loopbackOnly?: boolean;
  now?: () => number;
}): AppMetrics {
  const { store } = options;
  const now = options.now ?? Date.now;
  const register = new Registry();
  register.setDefaultLabels({ replica: options.replica });
  collectDefaultMetrics({ register, prefix: 'dubkit_' });

  const storeRoundTrip = new Histogram({
    name: 'dubkit_store_round_trip_seconds',
    help: 'Time of a one-row read from the store, measured at each scrape',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [register],
  });
  const storeUp = new Gauge({
    name: 'dubkit_store_up',
    help: '1 when the store answered the scrape, else 0',
    registers: [register],
  });
  const jobs = new Gauge({
    name: 'dubkit_jobs',
    help: 'Jobs by state',
    labelNames: ['state'],
    registers: [register],
  });
  const polled = new Gauge({
    name: 'dubkit_languages_polled',
    help: 'Languages whose project is being polled',
    registers: [register],
  });
  const writesOpen = new Gauge({
    name: 'dubkit_outbox_writes_open',
    help: 'Slack writes not yet made (due, or waiting for their time or their thread)',
    registers: [register],
  });
  const oldestDue = new Gauge({
    name: 'dubkit_outbox_oldest_due_age_seconds',
    help: 'Age of the oldest Slack write due (0 when none)',
    registers: [register],
  });
  const ready = new Gauge({
    name: 'dubkit_ready',
    help: 'Each readiness check at the scrape: 1 passing, 0 failing',
    labelNames: ['check'],
    registers: [register],
  });
  /** The store's figures and the readiness checks, read before each scrape is written. */
  const readStore = async () => {
    if (options.probes) {
      const state = await readiness(options.probes);
      for (const [check, reason] of Object.entries(state.checks))
        ready.set({ check }, reason === 'ok' ? 1 : 0);
    }
    const started = performance.now();
    try {
      const stats = await store.stats(now());
      storeRoundTrip.observe((performance.now() - started) / 1000);
      storeUp.set(1);
      jobs.reset();
      for (const [state, count] of Object.entries(stats.jobsByState)) jobs.set({ state }, count);
      polled.set(stats.languagesPolled);
      writesOpen.set(stats.writesOpen);
      oldestDue.set(stats.oldestDueAt === null ? 0 : Math.max(0, (now() - stats.oldestDueAt) / 1000));
    } catch {
      storeUp.set(0);
    }
  };

  const slackCalls = new Counter({
    name: 'dubkit_slack_calls_total',
    help: 'Slack Web API calls by method and result (ok, rate_limited, refused, failed)',
    labelNames: ['method', 'result'],
    registers: [register],
  });
  options.slack.observer = (method, result) => slackCalls.inc({ method, result });

  const serviceAnswers = new Counter({
    name: 'dubkit_service_responses_total',
    help: 'Answers of the dubbing service by status class (2xx, 4xx, 429, 5xx)',
    labelNames: ['class'],
    registers: [register],
  });
  const budgetPauses = new Counter({
    name: 'dubkit_service_budget_pauses_total',
    help: 'Times the request budget paused for a 429',
    registers: [register],
  });
  const budgetPausedSeconds = new Counter({
    name: 'dubkit_service_budget_paused_seconds_total',
    help: 'Time the request budget was asked to pause',
    registers: [register],
  });
  options.budget.observer = {
    answered: (status) =>
      serviceAnswers.inc({ class: status === 429 ? '429' : `${Math.floor(status / 100)}xx` }),
    paused: (ms) => {
      budgetPauses.inc();
      budgetPausedSeconds.inc(ms / 1000);
    },
  };

  const writesGivenUp = new Counter({
    name: 'dubkit_outbox_writes_given_up_total',
    help: 'Slack writes given up on after Slack refused them for good or too often, by Slack’s reason',
    labelNames: ['code'],
    registers: [register],
  });

  const rounds = new Counter({
    name: 'dubkit_loop_rounds_total',
    help: 'Rounds of each background loop by result (busy, idle, failed)',
    labelNames: ['loop', 'result'],
    registers: [register],
  });
  const roundSeconds = new Histogram({
    name: 'dubkit_loop_round_seconds',
    help: 'Duration of a round of each background loop',
    labelNames: ['loop'],
    buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 30],
    registers: [register],
  });
  const lastRound = new Map<string, number>();
  new Gauge({
    name: 'dubkit_loop_lag_seconds',
    help: 'Time since each loop last finished a round (a stopped loop grows without bound)',
    labelNames: ['loop'],
    registers: [register],
    collect() {
      for (const [loop, at] of lastRound) this.set({ loop }, (now() - at) / 1000);
    },
  });
  const renewals = new Counter({
    name: 'dubkit_lease_renewals_total',
    help: 'Renewals of the leases this replica holds, by table and result (a failed one risks the lease expiring)',
    labelNames: ['table', 'result'],
    registers: [register],
  });
  const stopLeases = observeLeases((table, ok) => renewals.inc({ table, result: ok ? 'ok' : 'failed' }));
  const stopObserving = observeLoops({
    round(loop, result, durationMs) {
      rounds.inc({ loop, result });
      roundSeconds.observe({ loop }, durationMs / 1000);
      lastRound.set(loop, now());
    },
  });

  return {
    handler(req, res) {
      if (options.token && !constantTimeEqual(req.headers.authorization ?? '', `Bearer ${options.token}`)) {
        res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' });
        res.end('GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>\n');
        return;
      }
      if (!options.token && options.loopbackOnly && !fromThisMachine(req)) {
        res.writeHead(403, { 'content-type': 'text/plain' });
        res.end(
          'GET /metrics answers only on loopback here: set METRICS_PORT (a port of its own) or METRICS_TOKEN (a bearer token) to scrape it from elsewhere\n',
        );
        return;
      }
      readStore()
        .then(() => register.metrics())
        .then(
          (text) => {
            res.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' });
            res.end(text);
          },
          () => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end('metrics could not be collected\n');
          },
        );
    },
    writeGaveUp(code) {
      writesGivenUp.inc({ code });
    },
    close() {
      stopObserving();
      stopLeases();
      options.slack.observer = undefined;
      options.budget.observer = undefined;
    },
  };
}

/** A request from a loopback address that carries no proxy's forwarding header. */
function fromThisMachine(req: IncomingMessage): boolean {
  const peer = req.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  const proxied = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some(
    (name) => req.headers[name] !== undefined,
  );
  return loopback && !proxied;
}
