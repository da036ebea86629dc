// The account's credit balance.
import type { Hono } from 'hono';
import type { Env } from '../http/env.ts';

export function creditRoutes(app: Hono<Env>): void {
  app.get('/v2/credits', (c) => c.json(c.var.account.credits));
}
