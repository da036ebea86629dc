// Secrets at rest (Slack's bot, refresh and user tokens, a workspace's dubbing-service token): sealed with
// AES-256-GCM under a key from DUBKIT_ENCRYPTION_KEY, so that a copy of the database (a backup, a dump) holds
// none of them in clear. Each sealed value names the key it was sealed with (the first 8 bytes of the key's
// SHA-256, never the key), so keys rotate: DUBKIT_ENCRYPTION_KEY lists the current key first and older ones
// after it, values sealed under an older key still open, and every new value is sealed under the current one.
// Each value is bound to where it is stored (its installation and field, as GCM's additional data): a sealed
// token copied into another installation's row does not open there.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SecretsAtRest } from '../store/secrets.ts';

const VERSION = 'v1';
const IV_BYTES = 12;

/** A value that cannot be opened: sealed under a key no longer listed, or changed since. */
export class UnsealError extends Error {}

interface Key {
  id: string;
  bytes: Buffer;
}

export class Sealer {
  readonly #current: Key;
  readonly #byId: Map<string, Key>;

  /** `keys`: the current key first, then older ones still read (DUBKIT_ENCRYPTION_KEY, config.ts). */
  constructor(keys: readonly Buffer[]) {
    const [first] = keys;
    if (!first) throw new Error('sealing needs at least one key (DUBKIT_ENCRYPTION_KEY)');
    const all = keys.map((bytes) => ({ id: keyId(bytes), bytes }));
    this.#current = all[0]!;
    this.#byId = new Map(all.map((key) => [key.id, key]));
  }

  /** The id of the key new values are sealed with. */
  get keyId(): string {
    return this.#current.id;
  }

  /** `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url), bound to `context` (where the value is stored). */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#current.bytes, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.#current.id, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string, context: string): string {
    const [version, id, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !id || !iv || body === undefined || !tag)
      throw new UnsealError('not a sealed value');
    const key = this.#byId.get(id);
    if (!key)
      throw new UnsealError(
        `sealed under key ${id}, which DUBKIT_ENCRYPTION_KEY no longer lists (keep old keys after the new one)`,
      );
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new UnsealError('the sealed value was changed, or belongs to another row');
    }
  }
}

/**
 * The store's secrets (a workflow run's token) sealed with `sealer`. A value stored before sealing began (a run
 * recorded in clear by an earlier version, still under way) is read as it is; every new one is sealed.
 */
export function secretsAtRest(sealer: Sealer): SecretsAtRest {
  return {
    seal: (plain, context) => sealer.seal(plain, context),
    open: (stored, context) => (isSealed(stored) ? sealer.open(stored, context) : stored),
  };
}

function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`) && value.split('.').length === 5;
}

function keyId(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}
