import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 hex of a token: the only form in which tokens are stored or used as keys. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random bearer token (URL-safe, 256 bits). */
export function generateToken(): string {
  return `ap_${randomBytes(32).toString('base64url')}`;
}
