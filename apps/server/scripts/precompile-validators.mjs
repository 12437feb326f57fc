#!/usr/bin/env node
// Compiles the admin contract's State schema (every seed and state document is checked against it)
// into src/generated/state-validator.js before the bundle is built, so the bundle's start-up does not
// compile it (see src/contract/admin-validator.ts). The contract runtime of @assistant-platform/types
// writes it as it would compile it; the file is a build product, not committed.
import { writeFileSync } from 'node:fs';
import { adminContract } from '@assistant-platform/types/admin';
import { ContractValidator } from '@assistant-platform/types/validation';

const out = new URL('../src/generated/state-validator.js', import.meta.url);
const source = new ContractValidator(adminContract).standaloneSource('State');
writeFileSync(
  out,
  `// Generated from openapi/admin.yaml by apps/server/scripts/precompile-validators.mjs. Do not edit.\n${source}`,
);
