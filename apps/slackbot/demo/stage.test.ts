// The demo's stage as the scripted scene uses it, without a browser: the app in OAuth mode with nothing set
// up by the person running it, Acme Localization installed through the install page as the stage starts,
// and Globex Studios installed through it as the scene does (the local Slack's authorize page asking which
// workspace), each then a tenant of its own. In Socket Mode the stage stays single-workspace.
import { describe, expect, it } from 'vitest';
import { installThroughPage } from './install.ts';
import { demoStage } from './stage.ts';
import { ACME, GLOBEX } from './workspace.ts';

describe('the demo’s stage', () => {
  it('runs the app in OAuth mode with Acme installed, and installs Globex through the install page', async () => {
    const stage = await demoStage({ mode: 'http', web: false, speed: 100 });
    try {
      expect(stage.app.installs).toBeDefined();
      expect(stage.app.graphs.keys()).toEqual([ACME.id]);
      const said = await installThroughPage(stage.installUrl(), GLOBEX.id);
      expect(said[0]).toBe(`dubkit is now in the workspace ${GLOBEX.name}.`);
      expect(said[1]).toMatch(/^Next, in Slack: invite it to a channel .* type \/dub there/);
      expect(stage.app.graphs.keys().sort()).toEqual([ACME.id, GLOBEX.id]);
      // The app's calls for Globex are made with the token its install brought.
      expect(stage.slack.callsOf('auth.test').map((c) => c.team)).toContain(GLOBEX.id);
    } finally {
      await stage.close();
    }
  });

  it('stays single-workspace in Socket Mode, where the app cannot serve install pages', async () => {
    const stage = await demoStage({ mode: 'socket', web: false, speed: 100 });
    try {
      expect(stage.app.installs).toBeUndefined();
      expect(stage.app.graphs.keys()).toEqual([stage.app.tenant]);
    } finally {
      await stage.close();
    }
  });
});
