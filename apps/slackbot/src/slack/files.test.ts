// Downloads from Slack over real HTTP on 127.0.0.1 (a test-only host, listed in extraHosts): the bot token is
// sent, redirects stay on trusted hosts, Slack's hosts only over https, HTML and oversized files refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadSlackFile, isHtml, isSlackHost, isTrustedFileUrl } from './files.ts';

let server: Server;
let other: Server;
let host = '';
let otherHost = '';
const TOKEN = 'xoxb-files';

async function listen(s: Server): Promise<string> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(s.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'video/mp4' }).end('elsewhere'));
  otherHost = await listen(other);
  server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>sign in</html>');
    } else if (req.url === '/video.mp4') {
      res
        .writeHead(200, { 'content-type': 'video/mp4', 'content-length': '1000' })
        .end(Buffer.alloc(1000, 1));
    } else if (req.url === '/hop') {
      res.writeHead(302, { location: '/video.mp4' }).end();
    } else if (req.url === '/away') {
      res.writeHead(302, { location: `http://${otherHost}/x.mp4` }).end();
    } else if (req.url === '/xhtml') {
      res.writeHead(200, { 'content-type': 'Application/XHTML+XML; charset=utf-8' }).end('<html/>');
    } else if (req.url === '/redir') {
      res.writeHead(302, { location: 'https://slack-redir.net/link?url=https%3A%2F%2Fevil.example' }).end();
    } else if (req.url === '/to-http-slack') {
      res.writeHead(302, { location: 'http://files.slack.com/files-pri/T1-F1/video.mp4' }).end();
    } else if (req.url === '/chunked') {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.write(Buffer.alloc(600));
      res.end(Buffer.alloc(600));
    } else res.writeHead(404).end();
  });
  host = await listen(server);
});
afterAll(() => {
  server.close();
  other.close();
});

const read = async (body: ReadableStream<Uint8Array>) => (await new Response(body).arrayBuffer()).byteLength;

describe('downloadSlackFile', () => {
  it('streams the file with the bot token, following a redirect on a trusted host', async () => {
    const download = await downloadSlackFile(`http://${host}/hop`, {
      botToken: TOKEN,
      maxBytes: 5000,
      extraHosts: [host],
    });
    expect(download.contentType).toBe('video/mp4');
    expect(await read(download.body)).toBe(1000);
  });

  it('refuses a redirect to a host that is not Slack', async () => {
    await expect(
      downloadSlackFile(`http://${host}/away`, { botToken: TOKEN, maxBytes: 5000, extraHosts: [host] }),
    ).rejects.toMatchObject({
      message: "the file's link does not lead to Slack's file servers over https",
      detail: `refused http://${otherHost}`,
    });
  });

  it("refuses Slack's HTML sign-in page", async () => {
    await expect(
      downloadSlackFile(`http://${host}/video.mp4`, {
        botToken: 'xoxb-wrong',
        maxBytes: 5000,
        extraHosts: [host],
      }),
    ).rejects.toThrow(/files:read/);
  });

  it('enforces the size limit from Content-Length and while streaming', async () => {
    await expect(
      downloadSlackFile(`http://${host}/video.mp4`, { botToken: TOKEN, maxBytes: 999, extraHosts: [host] }),
    ).rejects.toThrow(/over the limit of 999/);
    const chunked = await downloadSlackFile(`http://${host}/chunked`, {
      botToken: TOKEN,
      maxBytes: 1000,
      extraHosts: [host],
    });
    await expect(read(chunked.body)).rejects.toThrow(/over the limit of 1000 bytes/);
  });

  it('refuses HTML of any kind, XHTML included', async () => {
    await expect(
      downloadSlackFile(`http://${host}/xhtml`, { botToken: TOKEN, maxBytes: 5000, extraHosts: [host] }),
    ).rejects.toThrow(/sign-in page/);
    expect(isHtml('text/html; charset=utf-8')).toBe(true);
    expect(isHtml(' TEXT/HTML')).toBe(true);
    expect(isHtml('application/xhtml+xml')).toBe(true);
    expect(isHtml('video/mp4')).toBe(false);
  });

  it("refuses Slack's open redirector and Slack's hosts over http, before any request", async () => {
    await expect(
      downloadSlackFile(`http://${host}/redir`, { botToken: TOKEN, maxBytes: 5000, extraHosts: [host] }),
    ).rejects.toMatchObject({ detail: 'refused https://slack-redir.net' });
    await expect(
      downloadSlackFile(`http://${host}/to-http-slack`, {
        botToken: TOKEN,
        maxBytes: 5000,
        extraHosts: [host],
      }),
    ).rejects.toMatchObject({ detail: 'refused http://files.slack.com' });
    // The test-only allowance never makes a real Slack host trusted over http.
    const plain = new URL('http://files.slack.com/files-pri/T1-F1/a.mp4');
    expect(isTrustedFileUrl(plain, ['files.slack.com'])).toBe(false);
    expect(isTrustedFileUrl(new URL('https://files.slack.com/files-pri/T1-F1/a.mp4'))).toBe(true);
    expect(isTrustedFileUrl(new URL('https://files.slack.com:8443/a.mp4'))).toBe(false);
    expect(isTrustedFileUrl(new URL('ftp://127.0.0.1:21/a.mp4'), ['127.0.0.1:21'])).toBe(false);
  });

  it("knows Slack's hosts", () => {
    expect(isSlackHost('files.slack.com')).toBe(true);
    expect(isSlackHost('slack-redir.net')).toBe(false);
    expect(isSlackHost('evil-slack.com')).toBe(false);
    expect(isSlackHost('slack.com.evil.io')).toBe(false);
  });
});
