import { defineConfig } from 'tsup';

// ESM for bundlers and modern Node, CJS for require(); each with its own declaration file
// (.d.ts / .d.cts) so TypeScript resolves the right module kind under every moduleResolution.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The contract's types are inlined into the declarations (tsconfig.build.json maps the package to its
  // source for this): @assistant-platform/types is ESM-only, and a .d.cts importing it fails CommonJS
  // consumers that check library types (TS1479). So the published package needs only its two runtime
  // dependencies.
  dts: true,
  tsconfig: 'tsconfig.build.json',
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  clean: true,
  treeshake: true,
});
