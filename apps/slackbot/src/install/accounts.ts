// Each workspace its dubbing account: the service client of an account is built once, the first time a tenant
// of that account needs it, and reused by every tenant and every call after (one client per account, as the
// app once had one client in all). Each account's client sends its requests through a request budget of its
// own, at the deployment's rate: the service limits each account on its own, and a budget shared by all let a
// workspace dubbing a season queue every other workspace's starts and polls behind its own. A tenant with no account of its own uses the deployment's default account (DUBKIT_TOKEN in OAuth
// mode), and without one is told who can connect theirs.
import { createHash } from 'node:crypto';
import { DubbingClient } from '@dubkit/core';
import type { Dispatcher } from 'undici';
import { minutesLeft } from '../domain/credits.ts';
import { budgetDispatcher, type RequestBudget } from '../dubbing/budget.ts';
import { createDubbingService } from '../dubbing/client-service.ts';
import type { DubbingService } from '../dubbing/service.ts';
import type { InstallationStore } from './installations.ts';

/** A tenant with no dubbing account of its own, in a deployment with no default one. */
export class NoDubbingAccount extends Error {
  constructor() {
    super(
      'This workspace has no dubbing account connected yet. A workspace admin or owner can connect one with `/dub connect` (or from the app’s Home tab).',
    );
  }
}

export interface DubbingAccountsOptions {
  baseUrl: string;
  installations: Pick<InstallationStore, 'dubbingToken'>;
  /** The deployment's request budget: each account's client gets one alike (RequestBudget.alike). */
  budget: RequestBudget;
  /** The deployment's default account, when DUBKIT_TOKEN (or client id/secret) is set. */
  fallback?: DubbingService;
  mediaPollMs?: number;
}

export class DubbingAccounts {
  readonly #o: DubbingAccountsOptions;
  /** By a hash of the account's token, so the map never holds a token as a key a heap dump would show first. */
  readonly #byAccount = new Map<
    string,
    { client: DubbingClient; dispatcher: Dispatcher; service: DubbingService }
  >();

  constructor(options: DubbingAccountsOptions) {
    this.#o = options;
  }

  /** The tenant's dubbing service: its own account's, else the default account's; NoDubbingAccount if neither. */
  async of(tenant: string): Promise<DubbingService> {
    const token = await this.#o.installations.dubbingToken(tenant);
    if (token !== undefined) return this.#serviceFor(token);
    if (this.#o.fallback) return this.#o.fallback;
    throw new NoDubbingAccount();
  }

  /**
   * Checks a token with a credits call, with a client made for the check alone (nothing is kept); resolves to
   * the account's minutes left, rejects with the client's error (AuthenticationError for a refused token).
   */
  async check(token: string): Promise<number> {
    const dispatcher = budgetDispatcher(this.#o.budget.alike());
    const client = this.#client(token, dispatcher);
    try {
      return minutesLeft(await client.credits.get());
    } finally {
      await client.close();
      await dispatcher.close();
    }
  }

  async close(): Promise<void> {
    for (const { client, dispatcher } of this.#byAccount.values()) {
      await client.close();
      await dispatcher.close();
    }
    this.#byAccount.clear();
  }

  #serviceFor(token: string): DubbingService {
    const id = createHash('sha256').update(token).digest('hex');
    let account = this.#byAccount.get(id);
    if (!account) {
      const dispatcher = budgetDispatcher(this.#o.budget.alike());
      const client = this.#client(token, dispatcher);
      account = {
        client,
        dispatcher,
        service: createDubbingService(client, {
          ...(this.#o.mediaPollMs !== undefined ? { mediaPollMs: this.#o.mediaPollMs } : {}),
        }),
      };
      this.#byAccount.set(id, account);
    }
    return account.service;
  }

  #client(token: string, dispatcher: Dispatcher): DubbingClient {
    return new DubbingClient({ baseUrl: this.#o.baseUrl, token, env: {}, dispatcher });
  }
}
