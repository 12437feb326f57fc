/**
 * Values for the supported string formats. They are drawn from the conversation when it holds one
 * (an email or URL the user wrote, a date they mentioned) and otherwise made from the seeded
 * generator; never from the clock, so the same request keeps the same answer.
 */
import type { Conversation } from '../conversation.js';
import type { Rng } from '../prng.js';

export const SUPPORTED_FORMATS = [
  'date-time',
  'date',
  'time',
  'email',
  'uri',
  'uuid',
  'hostname',
  'ipv4',
  'ipv6',
] as const;
export type SupportedFormat = (typeof SUPPORTED_FORMATS)[number];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const hex = (rng: Rng, length: number) => Array.from({ length }, () => rng.int(0, 15).toString(16)).join('');

function validDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function date(rng: Rng, conversation: Conversation, variant: number): string {
  const mentioned = conversation.dates.find(validDate);
  if (mentioned && variant === 0) return mentioned;
  return `2025-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
}

function time(rng: Rng): string {
  return `${pad(rng.int(8, 18))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}Z`;
}

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30)
      .replace(/-+$/g, '') || 'user'
  );
}

/** One candidate per format; `variant` > 0 asks for an alternative (e.g. a shorter one). */
export function formatValue(
  format: SupportedFormat,
  rng: Rng,
  conversation: Conversation,
  variant = 0,
): string {
  switch (format) {
    case 'date':
      return date(rng, conversation, variant);
    case 'time':
      return time(rng);
    case 'date-time':
      return `${date(rng, conversation, variant)}T${time(rng)}`;
    case 'email': {
      const found = conversation.emails.find((email) =>
        /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(email),
      );
      if (found && variant === 0) return found;
      return variant > 1 ? `a${variant}@b.co` : `${slug(conversation.names[0] ?? 'user')}@example.com`;
    }
    case 'uri': {
      const found = conversation.urls.find((url) =>
        /^https?:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[A-Za-z0-9._~%/-]*)?$/.test(url),
      );
      if (found && variant === 0) return found;
      return variant > 1
        ? `http://a.co/${variant}`
        : `https://example.com/${slug(conversation.keywords[0] ?? 'item')}`;
    }
    case 'uuid':
      return `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${rng.pick(['8', '9', 'a', 'b'])}${hex(rng, 3)}-${hex(rng, 12)}`;
    case 'hostname':
      return variant > 1 ? `a${variant}.co` : `${slug(conversation.keywords[0] ?? 'service')}.example.com`;
    case 'ipv4':
      return `192.0.2.${rng.int(1, 254)}`;
    case 'ipv6':
      return `2001:db8::${rng.int(1, 0xffff).toString(16)}`;
  }
}
