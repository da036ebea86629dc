// Two replicas of the app on one PostgreSQL database, behind a round-robin proxy: a workflow's "Dub a video"
// run is ended once even when the replica ending it is SIGKILLed in the middle of the call. Slack takes the
// completion, the answer never reaches the replica (the fake drops the connection), and the replica dies
// holding the run's lease; once the lease ends the other replica takes the run, finds it was being ended,
// tries again, hears from Slack that the run is past ending, and records it as ended — never a second end.
import { runWorkflowStep, type Stage, setStage, waitFor } from '@dubkit/slack-sandbox';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUB_VIDEO_STEP } from './features/workflow/inputs.ts';
import { type TestDatabase, testDatabase } from './test-support/postgres.ts';
import { type Replicas, startReplicas } from './test-support/replicas.ts';
import { testEnv } from './test-support/stage.ts';

/** The dead replica's lease (15 s) ends before the other takes the run. */
const END_WAIT_MS = 45_000;

let database: TestDatabase;
let stage: Stage<Replicas>;

beforeAll(async () => {
  database = await testDatabase();
  stage = await setStage({
    startApp: (env) => startReplicas(env, 2),
    env: { ...testEnv({ logLevel: 'fatal' }), DATABASE_URL: database.url, DATABASE_POOL_SIZE: '2' },
    emulator: { speed: 100 },
  });
}, 60_000);

afterAll(async () => {
  await stage?.close();
  await database?.drop();
});

/** The pid of the replica holding the run's lease (the owner is "<pid>-<random>"). */
async function leaseHolder(executionId: string): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT lease_owner FROM workflow_steps WHERE id = $1', [
      executionId,
    ]);
    return Number(String(rows[0]?.lease_owner ?? '').split('-')[0]);
  } finally {
    await client.end();
  }
}

describe('a workflow step on two replicas', { timeout: 90_000 }, () => {
  it('is ended once when the replica ending it is killed mid-call', async () => {
    const { slack } = stage;
    const replicas = stage.app;
    // The completion takes effect in Slack; its answer hangs long enough for the replica to die waiting.
    slack.faults.lostAnswers.push({ method: 'functions.completeSuccess', times: 1, holdMs: 3_000 });
    const killed = new Promise<number>((resolve) => {
      slack.once('lostAnswer', () => {
        void (async () => {
          const execution = [...slack.workflows.executions.values()][0]!;
          const pid = await leaseHolder(execution.id);
          const index = replicas.processes.findIndex((p) => p.child.pid === pid);
          await replicas.kill(index);
          resolve(index);
        })();
      });
    });
    const { execution } = await runWorkflowStep(stage, {
      callbackId: DUB_VIDEO_STEP,
      inputs: { video: 'https://vimeo.com/replicated', languages: ['es', 'de'], channel: 'C39WFREP' },
    });
    const index = await killed;
    expect(index).toBeGreaterThanOrEqual(0);
    // Completed by the first call, while the replica that made it died.
    expect(execution.state).toBe('completed');
    const outputs = execution.outputs as { dubbed_videos: string[]; subtitle_files: string[] };
    expect(outputs.dubbed_videos).toHaveLength(2);
    expect(outputs.subtitle_files.every((id) => slack.files.has(id))).toBe(true);
    // The dead replica's lease keeps the run from the survivor for a while (nobody renews it any more)…
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(execution.calls).toHaveLength(1);
    // …then the survivor takes it, and its try finds the run ended: nothing ended twice.
    await waitFor(() => execution.calls.length === 2, END_WAIT_MS, 'the other replica’s try');
    expect(execution.calls).toEqual([
      { method: 'functions.completeSuccess', accepted: true },
      { method: 'functions.completeSuccess', accepted: false },
    ]);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await waitFor(
        async () =>
          (await client.query('SELECT state FROM workflow_steps WHERE id = $1', [execution.id])).rows[0]
            ?.state === 'ended',
        10_000,
        'the run recorded as ended',
      );
    } finally {
      await client.end();
    }
    expect(replicas.ownExits).toEqual([]);
    expect(replicas.lastResorts).toEqual([]);
  });
});
