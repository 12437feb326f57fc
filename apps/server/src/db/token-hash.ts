import * as crypto from 'node:crypto';

// Node's one-shot `crypto.hash` (20.12 and later) makes no Hash object: a third of createHash's
// cost, on every authenticated request.
const oneShot: ((algorithm: string, data: string, encoding: 'hex') => string) | undefined = (
  crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }
).hash;

/** SHA-256 hex of a token: the only form in which tokens are stored or used as keys. */
export function hashToken(token: string): string {
  return oneShot === undefined
    ? crypto.createHash('sha256').update(token).digest('hex')
    : oneShot('sha256', token, 'hex');
}

/** A new random bearer token (URL-safe, 256 bits). */
export function generateToken(): string {
  return `ap_${crypto.randomBytes(32).toString('base64url')}`;
}
