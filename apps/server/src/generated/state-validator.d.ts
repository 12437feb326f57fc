// The declaration of the validator scripts/precompile-validators.mjs writes beside it at build time.
import type { PrecompiledValidator } from '@assistant-platform/types/validation';

/** The admin contract's `State` schema, compiled ahead of time. */
export declare const validate: PrecompiledValidator;
