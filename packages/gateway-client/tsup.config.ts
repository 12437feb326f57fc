import { defineConfig } from 'tsup';

/**
 * ESM and CJS, each with its declarations. The router's type, `AppRouter`, comes from the gateway
 * (a dev dependency: the package never installs the gateway's server) and is inlined into the
 * declarations with the contract's types it names, so the published types import nothing but the
 * tRPC peer dependencies.
 */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  tsconfig: 'tsconfig.build.json',
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  clean: true,
  treeshake: true,
});
