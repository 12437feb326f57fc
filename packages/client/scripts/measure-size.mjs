#!/usr/bin/env node
// Prints the min+gzip size of the client's own code (dependencies and peer dependencies left out,
// as a bundler would share them) and exits 1 over the budget. esbuild is the one tsup builds with, so no extra dependency.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const budgetBytes = 8 * 1024;

export async function measureSize() {
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve('tsup'))('esbuild');
  const { dependencies, peerDependencies = {} } = require('../package.json');
  const peers = Object.keys(peerDependencies);
  const bundle = async (external) => {
    const result = await esbuild.build({
      entryPoints: [new URL('../dist/index.js', import.meta.url).pathname],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      external,
    });
    const code = result.outputFiles[0].contents;
    return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
  };
  return {
    own: await bundle([...Object.keys(dependencies), ...peers]),
    // For information: with eventsource-parser inlined (openapi-fetch stays out).
    withSseParser: await bundle(['openapi-fetch', '@assistant-platform/types', ...peers]),
    budgetBytes,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = await measureSize();
  console.log(JSON.stringify(sizes));
  if (sizes.own.gzipped > budgetBytes) {
    console.error(`The client's code is ${sizes.own.gzipped} B min+gzip, over the ${budgetBytes} B budget.`);
    process.exit(1);
  }
}
