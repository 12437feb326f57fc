/**
 * How the configuration's schemas read a variable's text, in one place for load-config.ts and the
 * modules it composes (proxy-config.ts, redis-config.ts): blank is the same as unset, and a value a
 * parser refuses becomes an issue naming the variable, in the parser's words.
 */
import { z } from 'zod';

export const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A variable that may be unset or blank (both undefined). */
export const optionalText = z.preprocess(blankAsUndefined, z.string().optional());

/** A transform running `parse` on the text; what it throws becomes the variable's issue. */
export function parsedBy<T>(parse: (text: string) => T) {
  return (text: string, context: z.RefinementCtx): T => {
    try {
      return parse(text);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  };
}
