// Every action the listeners register is one the access middleware knows how to check, and every modal
// they accept is submitted through a grant: a new button or select cannot slip in unchecked (it would be
// refused at run time; this says so at test time, naming it).
import type { App } from '@slack/bolt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { registerActions } from '../listeners/actions.ts';
import type { ListenerDeps } from '../listeners/deps.ts';
import { actionCheck } from './middleware.ts';

describe('the actions the app registers', () => {
  it('are each known to the access middleware', () => {
    const ids: string[] = [];
    const app = {
      action: (id: unknown) => {
        ids.push(typeof id === 'string' ? id : JSON.stringify(id));
      },
    } as unknown as App;
    registerActions(app, { logger: pino({ level: 'silent' }) } as unknown as ListenerDeps);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.filter((id) => actionCheck(id) === undefined)).toEqual([]);
  });
});
