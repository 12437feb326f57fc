/**
 * A chat fixture's `messageMatches`, compiled with re2js: matching runs in time linear in the
 * message, whatever the pattern, so a fixture can never stall the event loop. RE2 has no
 * lookaround and no backreferences; a pattern using them (or one that does not parse) is refused
 * with a 400 naming the field, as the contract says.
 */
import { ContractValidationError } from '@assistant-platform/types';
import { RE2JS } from 're2js';

export const MESSAGE_PATTERN_FIELD = '/match/messageMatches';

export function compileMessagePattern(source: string): RE2JS {
  try {
    return RE2JS.compile(source);
  } catch (error) {
    throw ContractValidationError.at(
      MESSAGE_PATTERN_FIELD,
      `must be an RE2 regular expression (no lookaround or backreferences): ${(error as Error).message}`,
    );
  }
}
