// Installing the app in a workspace of the local Slack the way a browser does it (the demo's stage installs
// Acme with it; the scripted scene installs Globex): the app's install page and the state cookie it sets,
// its "Add to Slack" link to the local Slack's authorize page, the workspace picked there, and the redirect
// back to the app with the code and the state, the cookie sent along. Resolves with what the app's success
// page says, paragraph by paragraph, as a person reads it.

/** Installs the app from its install page `installUrl` in the local Slack's workspace `teamId`; the success page's text. */
export async function installThroughPage(installUrl: string, teamId: string): Promise<string[]> {
  const page = await fetch(installUrl);
  if (page.status !== 200) throw new Error(`the install page answered HTTP ${page.status}`);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const authorize = linkAfter(await page.text(), 'href="', 'the install page’s “Add to Slack” link');
  // Slack's authorize page asks where to install; the person picks the workspace.
  const chooser = await fetch(authorize);
  const pick = linkAfter(await chooser.text(), `data-team="${teamId}" href="`, `${teamId} on Slack’s page`);
  const approved = await fetch(new URL(pick, chooser.url), { redirect: 'manual' });
  const back = approved.headers.get('location');
  if (approved.status !== 302 || !back)
    throw new Error(`Slack did not send the browser back to the app (HTTP ${approved.status})`);
  const done = await fetch(back, { headers: { cookie } });
  const said = paragraphs(await done.text());
  if (done.status !== 200) throw new Error(`the install in ${teamId} failed: ${said.join(' ')}`);
  return said;
}

/** The link that follows `marker` in a page, its HTML entities decoded. */
function linkAfter(html: string, marker: string, what: string): string {
  const start = html.indexOf(marker);
  const end = html.indexOf('"', start + marker.length);
  if (start < 0 || end < 0) throw new Error(`no ${what}`);
  return decode(html.slice(start + marker.length, end));
}

/** A page's paragraphs as text: the markup inside them (code, strong) dropped, entities decoded. */
function paragraphs(html: string): string[] {
  return html
    .split('<p>')
    .slice(1)
    .map((p) => decode(p.slice(0, p.indexOf('</p>')).replace(/<\/?[a-z]{1,10}>/g, '')));
}

function decode(text: string): string {
  return text.replace(/&#(\d{1,5});/g, (_, code: string) => String.fromCharCode(Number(code)));
}
