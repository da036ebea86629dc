// Command-line options of dubkit-emulator → startEmulator options.
import { parseArgs } from 'node:util';
import { FAULT_STAGES, type Faults } from './faults.ts';
import type { ClientCredentials } from './http/auth.ts';
import { createTiming, type TimingOptions } from './projects/timing.ts';
import type { EmulatorOptions } from './server.ts';

export const HELP = `Usage: dubkit-emulator [options]

  --port N                 port (default 4010; 0 picks a free one)
  --host HOST              interface (default 127.0.0.1)
  --token TOKEN[=ACCOUNT]  static bearer token, repeatable (default: dev-token of account "default")
  --client ID:SECRET[=ACCOUNT]  OAuth2 client for POST /oauth2/token, repeatable
  --speed N                pipeline speed factor (default 1; 100 = a one-minute pipeline in 0.6 s)
  --allow-link-host HOST   fetch plain http(s) links from this host, repeatable (default: none)
  --fault NAME=VALUE       a fault, repeatable: latencyMs=200, latencyMs=100-400, errorRate=0.1, errorNext=3,
                           rateLimitNext=5, rateLimitRate=0.2, retryAfterSeconds=2, resetRate=0.05, resetNext=1,
                           failStage=<${FAULT_STAGES.join('|')}>, paths=/v2/projects,/v2/credits
  --max-duration SECONDS   limit of a project's duration (default 3600)
  --data-dir DIR           where uploads are stored (default: a temporary folder)
  --admin-token TOKEN      require this token on /_admin (default: /_admin answers loopback callers only)
  --public-url URL         base URL used in file links (default: the listening URL)
  --max-upload-bytes N     largest file a media upload may carry (default 4294967296 = 4 GiB; larger: 413)
  --max-link-bytes N       largest file a media link may point to (default 4294967296 = 4 GiB; larger: 413)
  --timing fixed|media     stage durations: fixed (default, about 48 s a dub) or media (the timing model: a fixed
                           part + a rate per second of video, varied per project; see the README)
  --timing-seed N          seed of the timing model's draws (default 1)
  --timing-stage STAGE=MS+MS_PER_S  a stage's fixed part and ms per second of video, repeatable
                           (e.g. voiceover=3000+200)
  --timing-project-spread S  σ of the log of a project's factor (default 0.3)
  --timing-stage-spread S  σ of the log of each stage's own factor (default 0.1)
  --timing-outlier-rate R  share of stages that are slow outliers (default 0.02)
  --timing-outlier-factor F  how many times longer an outlier takes (default 4)
  --timing-capacity N      runs in flight before stages queue (default 5000)
  --timing-queue-wait-ms MS  mean wait before a stage per capacity's worth of runs above it (default 3000)
  -h, --help               this text
  -V, --version            print the version

Exit status: 0 stopped by SIGINT or SIGTERM, 2 a wrong command line or the port cannot be listened on.`;

/** A bad command line; the CLI prints the message with the help text. */
export class CliError extends Error {}

function fail(message: string): never {
  throw new CliError(message);
}

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed))
    fail(`--${name} expects a number, not ${JSON.stringify(value)}`);
  return parsed;
}

/** `--fault name=value` → one field of Faults, values typed by name. */
function parseFault(spec: string, into: Record<string, unknown>): void {
  const eq = spec.indexOf('=');
  if (eq <= 0) fail(`--fault expects NAME=VALUE, not ${JSON.stringify(spec)}`);
  const name = spec.slice(0, eq);
  const value = spec.slice(eq + 1);
  if (name === 'failStage') into[name] = value;
  else if (name === 'paths') into[name] = value.split(',').filter(Boolean);
  else if (name === 'latencyMs' && /^\d+(\.\d+)?-\d+(\.\d+)?$/.test(value))
    into[name] = value.split('-').map(Number);
  else into[name] = number(`fault ${name}`, value);
}

export function parseCli(argv: string[]): {
  help: boolean;
  version: boolean;
  options: EmulatorOptions & { port: number; speed: number };
} {
  const args = argv.filter((arg, index) => !(arg === '--' && index === 0));
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        token: { type: 'string', multiple: true },
        client: { type: 'string', multiple: true },
        speed: { type: 'string' },
        'allow-link-host': { type: 'string', multiple: true },
        fault: { type: 'string', multiple: true },
        'max-duration': { type: 'string' },
        'data-dir': { type: 'string' },
        'admin-token': { type: 'string' },
        'public-url': { type: 'string' },
        'max-upload-bytes': { type: 'string' },
        'max-link-bytes': { type: 'string' },
        timing: { type: 'string' },
        'timing-seed': { type: 'string' },
        'timing-stage': { type: 'string', multiple: true },
        'timing-project-spread': { type: 'string' },
        'timing-stage-spread': { type: 'string' },
        'timing-outlier-rate': { type: 'string' },
        'timing-outlier-factor': { type: 'string' },
        'timing-capacity': { type: 'string' },
        'timing-queue-wait-ms': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'V' },
      },
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    fail((error as Error).message);
  }
  const { values } = parsed;
  const tokens: Record<string, string> = {};
  for (const spec of values.token ?? []) {
    const eq = spec.indexOf('=');
    tokens[eq > 0 ? spec.slice(0, eq) : spec] = eq > 0 ? spec.slice(eq + 1) : 'default';
  }
  const clients: ClientCredentials[] = (values.client ?? []).map((spec) => {
    const match = /^([^:]+):([^=]+)(?:=(.+))?$/.exec(spec);
    if (!match) fail(`--client expects ID:SECRET[=ACCOUNT], not ${JSON.stringify(spec)}`);
    return { clientId: match[1]!, clientSecret: match[2]!, account: match[3] ?? 'default' };
  });
  const faults: Record<string, unknown> = {};
  for (const spec of values.fault ?? []) parseFault(spec, faults);
  const timing = parseTiming(values);
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    options: {
      port: number('port', values.port) ?? 4010,
      host: values.host ?? '127.0.0.1',
      ...(Object.keys(tokens).length > 0 ? { tokens } : {}),
      clients,
      speed: number('speed', values.speed) ?? 1,
      allowLinkHosts: values['allow-link-host'] ?? [],
      faults: faults as Faults,
      maxDurationSeconds: number('max-duration', values['max-duration']) ?? 3600,
      ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
      ...(values['admin-token'] ? { adminToken: values['admin-token'] } : {}),
      ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
      maxUploadBytes: number('max-upload-bytes', values['max-upload-bytes']),
      maxLinkBytes: number('max-link-bytes', values['max-link-bytes']),
      ...(timing ? { timing } : {}),
    },
  };
}

/** The timing options' flags: a value out of range is reported by its flag, not by the option's name. */
const TIMING_FLAGS = {
  model: 'timing',
  seed: 'timing-seed',
  stages: 'timing-stage',
  projectSpread: 'timing-project-spread',
  stageSpread: 'timing-stage-spread',
  outlierRate: 'timing-outlier-rate',
  outlierFactor: 'timing-outlier-factor',
  capacity: 'timing-capacity',
  queueWaitMs: 'timing-queue-wait-ms',
} as const satisfies Record<keyof TimingOptions, string>;

function parseTiming(
  values: Record<string, string | string[] | boolean | undefined>,
): TimingOptions | undefined {
  const timing: Record<string, unknown> = {};
  for (const [option, flag] of Object.entries(TIMING_FLAGS)) {
    const value = values[flag];
    if (option === 'model') {
      if (value !== undefined && value !== 'fixed' && value !== 'media')
        fail(`--timing expects fixed or media, not ${JSON.stringify(value)}`);
      if (value !== undefined) timing.model = value;
    } else if (option === 'stages') {
      const stages: Record<string, { fixedMs: number; msPerVideoSecond: number }> = {};
      for (const spec of (value as string[] | undefined) ?? []) {
        const match = /^([a-z_]+)=(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(spec);
        if (!match)
          fail(
            `--timing-stage expects STAGE=MS+MS_PER_S (e.g. voiceover=3000+200), not ${JSON.stringify(spec)}`,
          );
        stages[match[1]!] = { fixedMs: Number(match[2]), msPerVideoSecond: Number(match[3]) };
      }
      if (Object.keys(stages).length > 0) timing.stages = stages;
    } else if (value !== undefined) {
      timing[option] = number(flag, value as string);
    }
  }
  if (Object.keys(timing).length === 0) return undefined;
  if (timing.model !== 'media' && Object.keys(timing).some((key) => key !== 'model'))
    fail('the --timing-… flags set the timing model: add --timing media');
  try {
    createTiming(timing as TimingOptions);
  } catch (error) {
    const message = (error as Error).message;
    const option = /^timing\.(\w+)/.exec(message)?.[1] as keyof TimingOptions | undefined;
    fail(option ? message.replace(/^timing\.\w+(\.\w+\.\w+)?/, `--${TIMING_FLAGS[option]}`) : message);
  }
  return timing as TimingOptions;
}

/**
 * The line printed once listening: what a client can sign in with. With only `--client`, no static token is
 * accepted (startEmulator adds `dev-token` only when neither tokens nor clients are given), so none is listed.
 */
export function startMessage(url: string, options: EmulatorOptions & { speed: number }): string {
  const given = options.tokens;
  const tokens = given
    ? Array.isArray(given)
      ? given
      : Object.keys(given)
    : options.clients?.length
      ? []
      : ['dev-token'];
  const clients = (options.clients ?? []).map((client) => client.clientId);
  const accepts = [
    ...(tokens.length > 0 ? [`tokens: ${tokens.join(', ')}`] : []),
    ...(clients.length > 0 ? [`clients: ${clients.join(', ')} at ${url}/oauth2/token`] : []),
  ];
  return `dubkit emulator listening on ${url} (speed ${options.speed}, ${accepts.join('; ')})`;
}
