// Each workspace its dubbing account: the service client of an account is built once, the first time a tenant
// of that account needs it, and reused by every tenant and every call after (one client per account, as the
// app once had one client in all). Each account's client sends its requests through a request budget of its
// own at the deployment's rate (RequestBudget.alike): the service limits each account on its own, and one budget
// shared by all let a workspace dubbing a season queue every other workspace's starts and polls behind its own
// (`pnpm bench tenants`). A tenant with no account of its own uses the deployment's default account (DUBKIT_TOKEN in OAuth
// mode); without either it has none (its graph then refuses what needs the service, saying who can connect one).
import { createHash } from 'node:crypto';
import { DubbingClient } from '@dubkit/core';
import type { Dispatcher } from 'undici';
import { minutesLeft } from '../domain/credits.ts';
import { budgetDispatcher, type RequestBudget } from '../dubbing/budget.ts';
import { createDubbingService } from '../dubbing/client-service.ts';
import type { DubbingService } from '../dubbing/service.ts';
import type { InstallationStore } from './installations.ts';

export interface DubbingAccountsOptions {
  baseUrl: string;
  installations: Pick<InstallationStore, 'dubbingToken'>;
  /** The deployment's request budget: each account's client gets one alike (RequestBudget.alike). */
  budget: RequestBudget;
  /** What sends every account's requests (one pool of connections to the service). */
  base: Dispatcher;
  /** The deployment's default account, when DUBKIT_TOKEN (or client id/secret) is set. */
  fallback?: DubbingService;
  mediaPollMs?: number;
}

export class DubbingAccounts {
  readonly #o: DubbingAccountsOptions;
  /** By a hash of the account's token, so the map never holds a token as a key a heap dump would show first. */
  readonly #byAccount = new Map<string, { client: DubbingClient; service: DubbingService }>();
  /** Each account's request budget, kept for the account's life (a token checked, then connected, shares it). */
  readonly #budgets = new Map<string, RequestBudget>();

  constructor(options: DubbingAccountsOptions) {
    this.#o = options;
  }

  /** The tenant's dubbing service: its own account's, else the default account's; undefined if neither. */
  async of(tenant: string): Promise<DubbingService | undefined> {
    const token = await this.#o.installations.dubbingToken(tenant);
    if (token !== undefined) return this.#serviceFor(token);
    return this.#o.fallback;
  }

  /**
   * Checks a token with a credits call, with a client made for the check alone (nothing is kept); resolves to
   * the account's minutes left, rejects with the client's error (AuthenticationError for a refused token).
   */
  async check(token: string): Promise<number> {
    const client = this.#client(token, accountId(token));
    try {
      return minutesLeft(await client.credits.get());
    } finally {
      await client.close();
    }
  }

  async close(): Promise<void> {
    for (const { client } of this.#byAccount.values()) await client.close();
    this.#byAccount.clear();
  }

  #serviceFor(token: string): DubbingService {
    const id = accountId(token);
    let account = this.#byAccount.get(id);
    if (!account) {
      const client = this.#client(token, id);
      account = {
        client,
        service: createDubbingService(client, {
          ...(this.#o.mediaPollMs !== undefined ? { mediaPollMs: this.#o.mediaPollMs } : {}),
        }),
      };
      this.#byAccount.set(id, account);
    }
    return account.service;
  }

  #client(token: string, id: string): DubbingClient {
    let budget = this.#budgets.get(id);
    if (!budget) {
      budget = this.#o.budget.alike();
      this.#budgets.set(id, budget);
    }
    const dispatcher = budgetDispatcher(budget, this.#o.base);
    return new DubbingClient({ baseUrl: this.#o.baseUrl, token, env: {}, dispatcher });
  }
}

/** An account's name in the maps: a hash of its token, never the token itself. */
function accountId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
