// The Hono environment every route module shares: Node's request/response bindings and the caller's account.
// Its own module, so that route modules and the app that mounts them do not import each other.
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { Account } from '../model.ts';

export type Env = { Bindings: HttpBindings; Variables: { account: Account } };
export type Ctx = Context<Env>;
