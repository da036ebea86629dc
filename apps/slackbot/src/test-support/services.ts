// The services tests of one file share: the emulator and the app's DubbingService on it through a real
// client (started before the file's tests, closed after), and a fresh store for each test; the emulator's
// faults and speed are put back after each test.
import { DubbingClient } from '@dubkit/core';
import { type Emulator, type EmulatorOptions, startEmulator } from '@dubkit/emulator';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createDubbingService } from '../dubbing/client-service.ts';
import type { DubbingService } from '../dubbing/service.ts';
import type { Store } from '../store/store.ts';
import { type TempStore, tempStore } from './store.ts';

export interface Services {
  readonly emulator: Emulator;
  readonly client: DubbingClient;
  readonly service: DubbingService;
  readonly store: Store;
}

export const TOKEN = 't';

/** Registers the hooks; read the fields inside hooks and tests (they change from test to test). */
export function useServices(options: Partial<EmulatorOptions> = {}): Services {
  const speed = options.speed ?? 200;
  let emulator: Emulator | undefined;
  let client: DubbingClient | undefined;
  let service: DubbingService | undefined;
  let temp: TempStore | undefined;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, host: '127.0.0.1', tokens: [TOKEN], ...options, speed });
    client = new DubbingClient({ baseUrl: emulator.url, token: TOKEN, env: {} });
    service = createDubbingService(client, { mediaPollMs: 20 });
  });
  afterAll(async () => {
    await client?.close();
    await emulator?.close();
  });
  beforeEach(async () => {
    temp = await tempStore();
  });
  afterEach(async () => {
    emulator?.faults.clear();
    emulator?.setSpeed(speed);
    await temp?.cleanup();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('the services start in beforeAll: use them inside hooks and tests');
    return value;
  };
  return {
    get emulator() {
      return started(emulator);
    },
    get client() {
      return started(client);
    },
    get service() {
      return started(service);
    },
    get store() {
      return started(temp).store;
    },
  };
}
