// POST /oauth2/token: client credentials by HTTP Basic (the docs' walkthrough) or as form fields (the vendor SDK's
// `client_secret_post`). A Basic client is authenticated before a byte of the body is read; the form itself is
// read against a small limit either way, so a huge body costs neither memory nor time.
import type { Hono } from 'hono';
import { basicCredentials, formCredentials, oauthError, type TokenBook } from '../http/auth.ts';
import { readForm } from '../http/body.ts';
import type { Env } from '../http/env.ts';

export function tokenRoutes(app: Hono<Env>, tokens: TokenBook): void {
  app.post('/oauth2/token', async (c) => {
    const { incoming } = c.env;
    const authorization = incoming.headers.authorization;
    const byHeader =
      authorization !== undefined && /^Basic\s/i.test(authorization)
        ? tokens.authenticate(basicCredentials(authorization))
        : undefined;
    const form = await readForm(incoming);
    if (byHeader && form.has('client_secret')) {
      // RFC 6749 §2.3: a client must not use more than one authentication method in a request.
      throw oauthError(400, 'invalid_request', 'Send the client secret once: HTTP Basic auth or form fields');
    }
    const client = byHeader ?? tokens.authenticate(formCredentials(form));
    return c.json(tokens.grant(client, form));
  });
}
