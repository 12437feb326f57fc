import { readFileSync } from 'node:fs';
import { SCOPES } from '@assistant-platform/types';
import { z } from 'zod';

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'must be like 2025-01-02T03:04:05.000Z');

/**
 * The seed file: fixtures for local development and tests. Agents are create-agent bodies (checked
 * against the contract separately) plus an optional `id`, `accountId` and `agentReferenceId`.
 */
export const seedFileSchema = z.strictObject({
  $schema: z.string().optional(),
  accounts: z
    .array(z.strictObject({ id, name: z.string().min(1), createdAt: timestamp.optional() }))
    .default([]),
  tokens: z
    .array(
      z.strictObject({
        token: z
          .string()
          .regex(/^[A-Za-z0-9\-._~+/]+=*$/, 'must be a bearer token (RFC 6750 characters)')
          .min(8),
        accountId: id,
        name: z.string().min(1).default('seed'),
        scopes: z.array(z.enum(SCOPES)).min(1),
      }),
    )
    .default([]),
  workspaces: z
    .array(z.strictObject({ id, accountId: id, name: z.string().min(1), createdAt: timestamp.optional() }))
    .default([]),
  transcriptions: z
    .array(
      z.strictObject({
        id,
        workspaceId: id,
        fileName: z.string().min(1),
        fileUrl: z.string().min(1),
        fileType: z.string().min(1),
        duration: z.number().min(0),
        status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']).default('COMPLETED'),
        transcript: z.strictObject({
          filename: z.string().min(1).max(255),
          transcript: z.string().max(2_000_000),
        }),
        createdAt: timestamp.optional(),
        updatedAt: timestamp.optional(),
      }),
    )
    .default([]),
  agents: z.array(z.record(z.string(), z.unknown())).default([]),
});

export type SeedFile = z.input<typeof seedFileSchema>;
export type ParsedSeed = z.output<typeof seedFileSchema>;

/** Thrown for an unreadable or invalid seed; the message names the bad entry. */
export class SeedError extends Error {
  override name = 'SeedError';
}

export function parseSeed(value: unknown, source = 'seed'): ParsedSeed {
  const parsed = seedFileSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${formatPath(issue.path)}: ${issue.message}`);
  throw new SeedError(`Invalid seed file ${source}:\n${lines.join('\n')}`);
}

export function readSeedFile(path: string): ParsedSeed {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SeedError(`Cannot read seed file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedError(`Seed file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseSeed(json, path);
}

/** `agents[2].name`, as a person would name the entry. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('');
}
