/**
 * What installing the client brings: its built code imports only its one dependency and the tRPC
 * peers, and its declarations carry the router's and the contract's types themselves, so nothing of
 * the gateway's server (Fastify, the SDK, the contract runtime) is needed to run or type-check it.
 * (tests/packages installs the packed tarball into fresh ESM and CommonJS projects.)
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const dist = (file: string) => readFile(new URL(`../dist/${file}`, import.meta.url), 'utf8');
const specifiers = (code: string) =>
  new Set([...code.matchAll(/(?:from |require\()\s*['"]([^'"]+)['"]/g)].map((match) => match[1]));

describe('the built client', () => {
  it('imports only eventsource and the tRPC peers', async () => {
    for (const file of ['index.js', 'index.cjs']) {
      expect(specifiers(await dist(file))).toEqual(
        new Set(['@trpc/client', '@trpc/server/observable', 'eventsource']),
      );
    }
  });

  it('declares AppRouter with the contract types inlined, importing only tRPC', async () => {
    for (const file of ['index.d.ts', 'index.d.cts']) {
      const declarations = await dist(file);
      expect([...specifiers(declarations)].every((name) => name?.startsWith('@trpc/'))).toBe(true);
      expect(declarations).toMatch(/type AppRouter = /);
      expect(declarations).toContain('agentReferenceId');
    }
  });
});
