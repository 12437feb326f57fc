/**
 * The faults a platform request asks for itself in its `Prefer` header (RFC 7240): preferences
 * separated by commas, each `name` or `name=value` (a value may be quoted), parameters after `;`
 * ignored. The names this server knows map onto the admin contract's `Fault`, and the values are
 * checked against that schema, the one a fault rule's are checked against; any other preference is
 * ignored, as the RFC asks. A value the schema refuses answers 400 naming `header.prefer`.
 */
import type { Fault } from '@assistant-platform/types/admin';
import type { ContractValidator } from '@assistant-platform/types/validation';
import { ApiError } from '../../contract/api-error.js';

/** Preference name → the `Fault` field it sets. */
const FIELDS: Record<string, keyof Fault> = {
  code: 'code',
  delay: 'delayMs',
  ttft: 'ttftMs',
  tps: 'tps',
  'disconnect-after': 'disconnectAfter',
  reset: 'reset',
  'drop-answer': 'dropAnswer',
};
const NAMES = Object.fromEntries(Object.entries(FIELDS).map(([name, field]) => [field, name]));
// A header's size is bounded by Node's header limit; this bounds the preferences looked at.
const MAX_PREFERENCES = 32;

/** The header's preferences as `[name, value]`, names lower-cased, quotes removed. */
function preferences(header: string): [string, string | undefined][] {
  const found: [string, string | undefined][] = [];
  // A comma inside a quoted value does not separate preferences.
  for (const part of header.match(/(?:[^,"]|"(?:[^"\\]|\\.)*")+/g) ?? []) {
    if (found.length >= MAX_PREFERENCES) break;
    const [preference = ''] = part.split(';');
    const equals = preference.indexOf('=');
    const name = (equals < 0 ? preference : preference.slice(0, equals)).trim().toLowerCase();
    if (!name) continue;
    const raw = equals < 0 ? undefined : preference.slice(equals + 1).trim();
    found.push([name, raw?.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw]);
  }
  return found;
}

/** A value as the schema should see it: numbers for digits, `true` for a bare name, text otherwise. */
function preferenceValue(raw: string | undefined): unknown {
  if (raw === undefined) return true;
  return /^\d+(?:\.\d+)?$/.test(raw) ? Number(raw) : raw;
}

/** The fault the header asks for, or undefined; throws ApiError 400 for a value it may not have. */
export function faultFromPrefer(
  header: string | undefined,
  admin: ContractValidator<string>,
): Fault | undefined {
  if (header === undefined) return undefined;
  const fault: Record<string, unknown> = {};
  for (const [name, raw] of preferences(header)) {
    const field = FIELDS[name];
    if (field) fault[field] = preferenceValue(raw);
  }
  if (Object.keys(fault).length === 0) return undefined;
  const { issues } = admin.check('Fault', fault);
  if (issues.length > 0) {
    throw new ApiError(
      400,
      issues.map(({ path, message }) => {
        const field = path.slice(1);
        const name = NAMES[field];
        return {
          path: 'header.prefer',
          message: name ? `${name}=${String(fault[field])}: ${message}` : message,
        };
      }),
    );
  }
  return fault as Fault;
}
