/** Runs one platform call and rethrows its failure as the TRPCError the caller should see. */
import { toTRPCError } from './to-trpc-error.js';

export async function callPlatform<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toTRPCError(error);
  }
}
