// `pnpm demo`: the emulator, the fake Slack and the real app, with the fake Slack's web client to use in a
// browser (web.ts): its URL is printed, and opened when the machine has a display. Where nobody can click —
// `--script`, CI, or output that is not a terminal — it plays the scripted scene instead and exits
// (script.ts). `--socket-mode` puts the app in Socket Mode for either.
// Runs from source with Node's own type stripping (`node demo/main.ts`); the app is not built for it.
const args = process.argv.slice(2);
const mode = args.includes('--socket-mode') ? 'socket' : 'http';
const scripted = args.includes('--script') || Boolean(process.env.CI) || !process.stdout.isTTY;

if (scripted) await (await import('./script.ts')).playScene(mode);
else await (await import('./web.ts')).serveWorkspace(mode);
