// The bot scopes an install asks for: exactly manifest.yaml's (manifest.test.ts holds them equal), so that an
// app installed from the link can do everything one created from the manifest can.
export const BOT_SCOPES = [
  'app_mentions:read',
  'channels:history',
  'channels:read',
  'groups:history',
  'groups:read',
  'im:history',
  'im:read',
  'im:write',
  'mpim:read',
  'mpim:history',
  'chat:write',
  'commands',
  'files:read',
  'files:write',
  'users:read',
  'usergroups:read',
] as const;
