// The demo's two workspaces in the local Slack. Acme Localization: three people (Omar is in no channel, to
// show what an outsider may not do), two public channels (#marketing on autopilot) and a private one, the
// app's slash command and message shortcut as manifest.yaml declares them, and the "Dub a video" Workflow
// Builder step as manifest.org.yaml declares it. Globex Studios: Gina, a workspace admin, and Hugo in #video;
// the app is installed there through its install page during the demo, and Gina connects Globex's own
// dubbing account (GLOBEX_ACCOUNT) while Acme dubs on the deployment's (DUBKIT_TOKEN).
import type { WebWorkspace } from '@dubkit/slack-sandbox';

export const ACME = { id: 'T1ACME', name: 'Acme Localization' };
export const ANA = 'U0ANA';
export const BEN = 'U0BEN';
export const OMAR = 'U0OMAR';
export const LOCALIZATION = 'C0LOCALIZATION';
export const LAUNCH = 'G0LAUNCH';
export const MARKETING = 'C0MARKETING';

export const GLOBEX = { id: 'T2GLOBEX', name: 'Globex Studios' };
export const GINA = 'U2GINA';
export const HUGO = 'U2HUGO';
export const VIDEO = 'C2VIDEO';
/** Globex's own account at the dubbing service: the emulator knows its token, and Gina connects it. */
export const GLOBEX_ACCOUNT = { account: 'globex', token: 'globex-demo-dubbing-token', minutes: 300 };

/** Acme in the web client, the app's bot user `bot` a member of its channels. */
export function acmeWorkspace(bot: string) {
  return {
    appName: 'dubkit',
    workspaceName: ACME.name,
    users: [
      { id: ANA, name: 'Ana (localization)' },
      { id: BEN, name: 'Ben (video)' },
      { id: OMAR, name: 'Omar (not in the channels)' },
    ],
    channels: [
      { id: LOCALIZATION, name: 'localization', members: [ANA, BEN, bot] },
      { id: LAUNCH, name: 'launch-team', private: true, members: [ANA, bot] },
      { id: MARKETING, name: 'marketing', members: [ANA, BEN, bot] },
    ],
    commands: ['/dub'],
    shortcuts: [{ callback_id: 'dub_message', name: 'Dub this video' }],
    steps: [
      {
        callback_id: 'dub_video',
        title: 'Dub a video',
        inputs: [
          {
            name: 'video',
            title: 'Video',
            kind: 'text' as const,
            required: true,
            hint: 'A link, or a Slack file id',
          },
          {
            name: 'languages',
            title: 'Languages',
            kind: 'list' as const,
            required: true,
            hint: 'es, de, pt-br',
          },
          { name: 'channel', title: 'Channel', kind: 'channel' as const, required: true },
          { name: 'approvers', title: 'Approvers', kind: 'people' as const, required: false },
          {
            name: 'wait_for_approval',
            title: 'Wait for approval',
            kind: 'boolean' as const,
            required: false,
          },
        ],
      },
    ],
  };
}

/** Globex in the web client, with "Add to Slack" (the app's install page) until the app is installed there. */
export function globexWorkspace(bot: string, installUrl: () => string): WebWorkspace {
  return {
    ...GLOBEX,
    users: [
      { id: GINA, name: 'Gina (Globex admin)' },
      { id: HUGO, name: 'Hugo (Globex video)' },
    ],
    channels: [{ id: VIDEO, name: 'video', members: [GINA, HUGO, bot] }],
    installUrl,
  };
}
