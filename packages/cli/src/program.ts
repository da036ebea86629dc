// The `dubkit` command line: commander parses it, each command is a function of a Context, and every way a
// command can end maps to one exit status (see exit-codes.ts).
import { readFileSync } from 'node:fs';
import { DubkitError } from '@dubkit/core';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { authLogin, authLogout, authStatus } from './commands/auth.ts';
import { dub } from './commands/dub.ts';
import { glossaryPull, glossaryPush } from './commands/glossary.ts';
import { languages } from './commands/languages.ts';
import { credits, projects, status, voices } from './commands/projects.ts';
import { transcriptPull, transcriptPush } from './commands/transcript.ts';
import { download, render, type WaitOptions, wait } from './commands/wait.ts';
import { Context, type GlobalOptions, type Io } from './context.ts';
import { exitCodeOf, messageOf } from './errors.ts';
import { CliError, EXIT, usageError } from './exit-codes.ts';
import { redactUrls } from './redact.ts';

export const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

const ENVIRONMENT = `
Credentials come from DUBKIT_TOKEN, or DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET, and the service's address from
DUBKIT_BASE_URL (default https://api.rask.ai); a .env file in the current folder fills in what is not set, and
\`dubkit auth login\` stores a token for when neither has one.
Against a local emulator: dubkit --base-url http://127.0.0.1:4010 … with DUBKIT_TOKEN=dev-token.
Progress goes to standard error: bars on a terminal, plain lines otherwise (also with CI or TERM=dumb); dubkit
prints no colors, so NO_COLOR changes nothing.

Exit status: 0 done, 1 a project failed or the input has errors, 2 wrong usage or a file or the service could
not be reached, 130 stopped by Ctrl-C (the projects go on; dubkit wait and dubkit download resume).`;

/** --formats and --frame-rate, shared by every command that downloads. */
function subtitleOptions(command: Command): Command {
  return command
    .option(
      '--formats <list>',
      'subtitle files per language, comma-separated: srt, vtt, ttml (IMSC 1.1), ebu-tt-d, ass',
      'srt,vtt',
    )
    .option(
      '--frame-rate <fps>',
      'put the times of ttml, ebu-tt-d and ass on frames: 23.976, 24, 25, 29.97, 29.97df or 30',
    );
}

function milliseconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 10)
    throw new InvalidArgumentError('expected milliseconds, at least 10');
  return parsed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id argument, checked here: the service's ids are UUIDs, and a wrong one would come back as its
 * `path.project_id: Input should be a valid UUID`.
 */
function id(kind: 'project' | 'glossary', list: string) {
  return (value: string): string => {
    if (UUID.test(value.trim())) return value.trim();
    throw usageError(
      `${JSON.stringify(value)} is not a ${kind} id: ids are 36 characters such as ` +
        `3f1c0d2e-5b7a-4c1e-9f0a-2d6b8e4c1a7f; \`${list}\` lists them`,
    );
  };
}
const projectId = id('project', 'dubkit projects');
const glossaryId = id('glossary', 'dubkit glossary pull');
/** For `<project...>`: commander hands each value with the ones before it. */
const projectIds = (value: string, previous: string[] | undefined) => [...(previous ?? []), projectId(value)];

/** Builds the program; `opened` gets each command's context (to close), `settle` its exit status. */
function build(io: Io, opened: (context: Context) => void, settle: (code: number) => void): Command {
  const program = new Command('dubkit')
    .description('Dub and subtitle video with the dubbing service, from a terminal or a script.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help (also after any command)')
    .option('--json', 'print one JSON document on standard output (progress stays on standard error)')
    .option('--base-url <url>', 'the service to talk to (default: DUBKIT_BASE_URL, else the hosted service)')
    .option('-q, --quiet', 'no progress; only results, problems and how to resume')
    .addOption(
      new Option('--interval <ms>', 'first wait between two reads of a project')
        .argParser(milliseconds)
        .default(2000),
    )
    .addHelpText('after', ENVIRONMENT)
    .showHelpAfterError('(dubkit --help lists the commands; dubkit <command> --help their options)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  program.configureHelp({ showGlobalOptions: true });

  const run =
    <A extends unknown[]>(action: (context: Context, ...args: A) => Promise<number>) =>
    async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      const context = new Context(io, command.optsWithGlobals<GlobalOptions>());
      opened(context);
      // Commander passes the positional arguments, then the options, then the command.
      settle(await action(context, ...(args.slice(0, -1) as A)));
    };

  program
    .command('dub')
    .description('upload videos (or link them), dub each into each language, and download the results')
    .argument('<file|link...>', 'video files, or links the service can fetch (with https://)')
    .option('--to <languages>', 'destination languages, comma-separated: es,de-de,pt-br (required)')
    .option('--from <language>', 'the language spoken (default: detected)')
    .option('--speakers <n>', 'how many people speak (default: detected)')
    .option('--glossary <terms.csv>', 'a CSV/TSV term list, one glossary per language is created from it')
    .option('--srt <files>', 'subtitles to start from: source[,translation.<lang>.srt…]; needs --from')
    .option('--name <name>', 'project name (default: the file name)')
    .option('--out <folder>', 'where the dubbed files go', './dubs')
    .option('--force', 'replace files in --out that have the names of the new ones')
    .option('--dry-run', 'check everything and print the plan and its minutes; upload and create nothing')
    .action(
      run((context, inputs: string[], options) => dub(context, inputs, options as Parameters<typeof dub>[2])),
    );

  program
    .command('wait')
    .description('follow projects until they are done (after Ctrl-C, or started elsewhere)')
    .argument('<project...>', 'project ids', projectIds)
    .option('--out <folder>', 'also download each project’s files here once it is done')
    .option('--force', 'replace files in --out that have the names of the new ones')
    .action(run((context, ids: string[], options: WaitOptions) => wait(context, ids, options)));

  program
    .command('render')
    .description('render projects again after their transcript was edited, follow them, and download')
    .argument('<project...>', 'project ids', projectIds)
    .option('--out <folder>', 'where the files go', './dubs')
    .option('--force', 'replace files in --out that have the names of the new ones')
    .action(run((context, ids: string[], options: WaitOptions) => render(context, ids, options)));

  program
    .command('download')
    .description(
      'download a done project’s video, audio, voice-only track and subtitles (SRT and VTT by default)',
    )
    .argument('<project>', 'project id', projectId)
    .option('--out <folder>', 'where the files go', './dubs')
    .option('--force', 'replace files in --out that have the names of the new ones')
    .action(
      run((context, id: string, options: Parameters<typeof download>[2]) => download(context, id, options)),
    );

  program
    .command('languages')
    .description('the languages the service dubs into (--to) and from (--from)')
    .action(run(async (context) => languages(context)));

  const auth = program
    .command('auth')
    .description('keep a token in your config folder instead of DUBKIT_TOKEN');
  auth
    .command('login')
    .description('read a token from standard input, check it with the service, and store it (mode 0600)')
    .action(run((context) => authLogin(context)));
  auth
    .command('status')
    .description('which credentials are used, and whether the service accepts them')
    .action(run((context) => authStatus(context)));
  auth
    .command('logout')
    .description('remove the stored token')
    .action(run((context) => authLogout(context)));

  program
    .command('projects')
    .description('list projects, newest first')
    .option('--name <text>', 'only projects whose name contains this (any case)')
    .option('--limit <n>', 'at most this many', '20')
    .action(run((context, options: { name?: string; limit?: string }) => projects(context, options)));

  program
    .command('status')
    .description('a project’s status and links')
    .argument('<project>', 'project id', projectId)
    .action(run((context, id: string) => status(context, id)));

  program
    .command('voices')
    .description('the voices a project’s speakers can have, and who has which')
    .argument('<project>', 'project id', projectId)
    .action(run((context, id: string) => voices(context, id)));

  program
    .command('credits')
    .description('the account’s balance')
    .action(run((context) => credits(context)));

  const glossary = program.command('glossary').description('term lists that keep translations consistent');
  glossary
    .command('push')
    .description('create a glossary from a CSV/TSV term list (or update one with --id)')
    .argument('<file>', 'the term list')
    .option('--name <name>', 'glossary name (default: the file name)')
    .option('--from <language>', 'source language (picks the column when the file has several)')
    .option('--to <language>', 'target language (picks the column when the file has several)')
    .option('--id <glossary>', 'replace the entries of this glossary instead of creating one', glossaryId)
    .action(run((context, file: string, options) => glossaryPush(context, file, options as object)));
  glossary
    .command('pull')
    .description('print a glossary as CSV (dubkit glossary pull <id> > terms.csv)')
    .argument('<glossary>', 'glossary id', glossaryId)
    .option('--tsv', 'tab-separated instead')
    .action(run((context, id: string, options: { tsv?: boolean }) => glossaryPull(context, id, options)));

  const transcript = program.command('transcript').description('review a project’s transcript as subtitles');
  transcript
    .command('pull')
    .description('print the transcript as SRT (default), WebVTT or, with --json, segments')
    .argument('<project>', 'project id', projectId)
    .option('--srt', 'SRT (the default)')
    .option('--vtt', 'WebVTT')
    .option('--side <side>', 'dst: the translation (default), src: the original words', 'dst')
    .action(run((context, id: string, options) => transcriptPull(context, id, options as object)));
  transcript
    .command('push')
    .description('send an edited SRT back: only the changed texts and times are updated')
    .argument('<project>', 'project id', projectId)
    .argument('<file>', 'the SRT as pulled, edited')
    .option('--side <side>', 'which text the file holds: dst (default) or src', 'dst')
    .action(
      run((context, id: string, file: string, options: { side?: string }) =>
        transcriptPush(context, id, file, options),
      ),
    );

  for (const command of program.commands) {
    if (['dub', 'wait', 'render', 'download'].includes(command.name())) subtitleOptions(command);
  }

  // Usage errors of subcommands reach the same output and exit handling as the program's own.
  for (const command of program.commands.flatMap((c) => [c, ...c.commands])) {
    command
      .exitOverride()
      .showHelpAfterError(
        `(dubkit ${command.parent === program ? '' : `${command.parent?.name()} `}${command.name()} --help)`,
      )
      .configureOutput({
        writeOut: (text) => io.stdout.write(text),
        writeErr: (text) => io.stderr.write(text),
      });
  }
  return program;
}

export async function run(argv: readonly string[], io: Io): Promise<number> {
  let code: number = EXIT.ok;
  const contexts: Context[] = [];
  const program = build(
    io,
    (context) => contexts.push(context),
    (result) => {
      code = result;
    },
  );
  try {
    // `pnpm dubkit -- --help` and `bash scripts/run.sh dubkit -- …` pass the `--` on: it ends no options here.
    await program.parseAsync(argv[0] === '--' ? argv.slice(1) : [...argv], { from: 'user' });
    return code;
  } catch (error) {
    const json = (message: string, exitCode: number) => {
      if (program.opts().json)
        io.stdout.write(`${JSON.stringify({ error: { message, exitCode } }, null, 2)}\n`);
    };
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return EXIT.ok;
      // Commander has printed its message on standard error; a script reading --json gets it too.
      json(redactUrls(error.message.replace(/^error: /, '')), EXIT.usage);
      return EXIT.usage;
    }
    const message = redactUrls(messageOf(error, contexts[0]));
    io.stderr.write(`dubkit: ${message}\n`);
    json(message, exitCodeOf(error));
    if (!(error instanceof DubkitError || error instanceof CliError))
      io.stderr.write(`${redactUrls((error as Error).stack ?? '')}\n`);
    return exitCodeOf(error);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}
