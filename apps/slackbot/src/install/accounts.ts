// Each workspace its dubbing account: the service client of an account is built once, the first time a tenant
// of that account needs it, and reused by every tenant and every call after (one client per account, as the
// app once had one client in all). Every client sends its requests through the deployment's one request
// budget. A tenant with no account of its own uses the deployment's default account (DUBKIT_TOKEN in OAuth
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
  installations: InstallationStore;
  /** The deployment's one request budget: each account's requests wait in a lane of its own, served in turn. */
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

  #client(token: string, lane: string): DubbingClient {
    const dispatcher = budgetDispatcher(this.#o.budget, this.#o.base, lane);
    return new DubbingClient({ baseUrl: this.#o.baseUrl, token, env: {}, dispatcher });
  }
}

/** An account's name in the maps and the budget's lanes: a hash of its token, never the token itself. */
function accountId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
