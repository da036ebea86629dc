// The demo's workspace in the fake Slack's web client: three people (Omar is in no channel, to show what an
// outsider may not do), two public channels (#marketing on autopilot) and a private one, the app's slash
// command and message shortcut as manifest.yaml declares them, and the "Dub a video" Workflow Builder step as
// manifest.org.yaml declares it.
export const ANA = 'U0ANA';
export const BEN = 'U0BEN';
export const OMAR = 'U0OMAR';
export const BOT = 'UDUBKIT';
export const LOCALIZATION = 'C0LOCALIZATION';
export const LAUNCH = 'G0LAUNCH';
export const MARKETING = 'C0MARKETING';

export const WORKSPACE = {
  appName: 'dubkit',
  users: [
    { id: ANA, name: 'Ana (localization)' },
    { id: BEN, name: 'Ben (video)' },
    { id: OMAR, name: 'Omar (not in the channels)' },
  ],
  channels: [
    { id: LOCALIZATION, name: 'localization', members: [ANA, BEN, BOT] },
    { id: LAUNCH, name: 'launch-team', private: true, members: [ANA, BOT] },
    { id: MARKETING, name: 'marketing', members: [ANA, BEN, BOT] },
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
        { name: 'wait_for_approval', title: 'Wait for approval', kind: 'boolean' as const, required: false },
      ],
    },
  ],
};
