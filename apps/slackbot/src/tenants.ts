// Every installed tenant's graph (tenant-graph.ts), made once when first needed — a payload the gate resolved
// to it, the start of the app for each installed tenant, or its install — and taken apart when it is removed:
// the uninstall notice, or any call for it refused with TenantGone (another replica saw the notice). Taken
// apart: its loops stop, and its jobs end as the app was removed (no Slack call is made for it again).
import type { WebClientOptions } from '@slack/web-api';
import type { Logger } from 'pino';
import { outsideWorkspace } from './install/org-workspace.ts';
import { type Tenancy, TenantGone } from './install/tenancy.ts';
import { ObservedWebClient } from './metrics.ts';
import type { Store } from './store/store.ts';
import { buildTenantGraph, type SharedParts, type TenantGraph } from './tenant-graph.ts';

/** Who stopped a job that ended because the app was removed from its workspace (its `stoppedBy`). */
export const APP_REMOVED = 'the app was removed';

export interface TenantGraphsOptions {
  tenancy: Tenancy;
  shared: SharedParts;
  clientOptions: WebClientOptions;
  /** Where every tenant's Slack calls are counted (the metrics). */
  observer: () => ObservedWebClient['observer'];
  logger: Logger;
}

export class TenantGraphs {
  readonly #o: TenantGraphsOptions;
  readonly #graphs = new Map<string, Promise<TenantGraph>>();
  #stopped = false;

  constructor(options: TenantGraphsOptions) {
    this.#o = options;
  }

  /** The tenant's graph, made and started on first use; rejects with TenantGone for a removed tenant. */
  of(key: string): Promise<TenantGraph> {
    if (this.#stopped) return Promise.reject(new Error('the app is stopping'));
    let graph = this.#graphs.get(key);
    if (!graph) {
      // Made for the tenant, not for the payload that first asked: its loops outlive that payload.
      graph = outsideWorkspace(() => this.#build(key));
      this.#graphs.set(key, graph);
      // A graph that could not be made (the tenant's account, its token) is tried again on next use.
      graph.catch(() => this.#graphs.delete(key));
    }
    return graph;
  }

  /** The graphs made so far. */
  keys(): string[] {
    return [...this.#graphs.keys()];
  }

  /** A tenant installed (again): its graph is made now, so its loops run before its first payload. */
  async installed(key: string): Promise<void> {
    await this.of(key);
  }

  /**
   * The tenant's dubbing account may have changed (its own connected, on this replica or another): when its
   * graph was made with another account, it is taken apart, its jobs left as they are, and made again. Told
   * twice (the modal here, then the installations' watch), the second finds the account it has and does nothing.
   */
  async renew(key: string): Promise<void> {
    const old = this.#graphs.get(key);
    if (!old) return;
    const graph = await old.catch(() => undefined);
    const account = await this.#o.tenancy.dubbing(key);
    // Another renew or a removal replaced it meanwhile: theirs stands.
    if ((graph && graph.account === account) || this.#graphs.get(key) !== old) return;
    this.#graphs.delete(key);
    await graph?.stop();
    await this.of(key);
  }

  /** A tenant removed: its loops stop and its jobs end; its payloads and calls are refused from now on. */
  async remove(key: string): Promise<void> {
    const made = this.#graphs.get(key);
    if (!made) return;
    this.#graphs.delete(key);
    const graph = await made.catch(() => undefined);
    if (!graph) return;
    await graph.stop();
    const ended = await endJobs(graph.store);
    this.#o.logger.info({ tenant: key, ended }, 'the app was removed: its loops stopped and its jobs ended');
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    const graphs = await Promise.all([...this.#graphs.values()].map((graph) => graph.catch(() => undefined)));
    this.#graphs.clear();
    for (const graph of graphs) await graph?.stop();
  }

  async #build(key: string): Promise<TenantGraph> {
    const { tenancy } = this.#o;
    // A removed tenant (this replica may not have seen its notice) gets no graph: TenantGone, before any call.
    await tenancy.slack(key);
    // Every call is made with the tenant's client of the moment (a refreshed token), and none once it is gone.
    const current = async () => {
      try {
        return await tenancy.slack(key);
      } catch (error) {
        // Not awaited: the loop whose call this was is stopped by it, once this call has returned.
        if (error instanceof TenantGone) void this.remove(key);
        throw error;
      }
    };
    const slack = new ObservedWebClient(undefined, this.#o.clientOptions, current);
    slack.observer = (method, result) => this.#o.observer()?.(method, result);
    const graph = buildTenantGraph(this.#o.shared, {
      key,
      slack,
      botToken: async () => (await current()).token ?? '',
      dubbing: await tenancy.dubbing(key),
    });
    graph.start();
    return graph;
  }
}

/** Ends every job of a removed tenant: waiting ones cancelled or refused, running ones stopped. */
async function endJobs(store: Store): Promise<number> {
  const page = 100;
  let ended = 0;
  let offset = 0;
  for (;;) {
    const jobs = await store.jobsPage({ title: null, offset, limit: page });
    // Cancelled jobs leave the listing: the next page starts that many rows earlier.
    let left = 0;
    for (const job of jobs) {
      if (job.state === 'picking' || job.state === 'requested') {
        const done =
          job.state === 'picking' ? await store.cancelJob(job.id) : await store.refuseRequest(job.id);
        if (done) {
          ended += 1;
          left += 1;
        }
      } else if (job.state === 'starting' || job.state === 'running') {
        if (await store.stopJob(job.id, APP_REMOVED)) ended += 1;
      }
    }
    if (jobs.length < page) return ended;
    offset += jobs.length - left;
  }
}
