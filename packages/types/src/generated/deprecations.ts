// Generated from openapi/openapi.yaml and openapi/admin.yaml by packages/types/scripts/generate.mjs. Do not edit.
import type { DeprecationTable } from '../deprecation.js';

/** What the platform contract deprecates, per operation (see deprecation.ts). */
export const DEPRECATIONS: DeprecationTable = {};

/** The same for the admin API. */
export const ADMIN_DEPRECATIONS: DeprecationTable = {};
