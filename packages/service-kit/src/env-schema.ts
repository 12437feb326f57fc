/**
 * How the services' configuration schemas read a variable's text, decided once for the server and
 * the gateway: blank is the same as unset, a number is an integer within bounds, and a value a
 * parser refuses becomes an issue naming the variable, in the parser's words. The schemas use zod's
 * tree-shakable API (`zod/mini`): a service starts with a fraction of the code of zod's chained
 * one, and the same checks and messages.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// The English messages zod's chained API configures on import (configuration errors quote them).
z.config(en());

export const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A variable that may be unset or blank (both undefined). */
export const envText = z.pipe(z.transform(blankAsUndefined), z.optional(z.string()));

/** An integer variable of at least `min` (and at most `max`, when given), `fallback` when unset. */
export const envInteger = ({ min, max, fallback }: { min: number; max?: number; fallback: number }) =>
  z._default(
    z.coerce.number().check(z.int(), z.minimum(min), ...(max === undefined ? [] : [z.maximum(max)])),
    fallback,
  );

/** Makes `message` the variable's issue (for a transform, whose context has no `addIssue`). */
export function refuse(context: z.core.ParsePayload, message: string): never {
  context.issues.push({ code: 'custom', input: context.value, message });
  return z.NEVER;
}

/** A transform running `parse` on the text; what it throws becomes the variable's issue. */
export function parsedBy<T>(parse: (text: string) => T) {
  return z.transform((text: string, context): T => {
    try {
      return parse(text);
    } catch (error) {
      return refuse(context, (error as Error).message);
    }
  });
}
