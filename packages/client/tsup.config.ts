import { defineConfig } from 'tsup';

// ESM for bundlers and modern Node, CJS for require(); each with its own declaration file
// (.d.ts / .d.cts) so TypeScript resolves the right module kind under every moduleResolution.
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
