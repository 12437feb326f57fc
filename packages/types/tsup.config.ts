import { defineConfig } from 'tsup';

/**
 * ESM for `import` and CJS for `require()`, each with its own declarations (.d.ts / .d.cts), so a
 * TypeScript project compiled as CommonJS can import the contract too (attw checks every resolution
 * mode in `pnpm test`). The entries share their chunks (splitting, in both formats), so a class such
 * as ContractValidationError is one class whichever entry it is imported from, and `instanceof`
 * holds across `.` and `/validation`.
 */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'openapi-document': 'src/openapi-document.ts',
    'validation/index': 'src/validation/index.ts',
    admin: 'src/admin.ts',
  },
  format: ['esm', 'cjs'],
  splitting: true,
  dts: true,
  tsconfig: 'tsconfig.build.json',
  target: 'es2022',
  platform: 'node',
  sourcemap: true,
  clean: true,
});
