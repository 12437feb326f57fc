/**
 * What every app of the platform shares when it reads its configuration from the environment: the
 * error naming the bad variables, the log levels a `LOG_LEVEL` may name, and the one way a schema
 * (zod's, or any with `safeParse`) is applied to the environment.
 */

/** A configuration the app cannot start with; its message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The part of a zod schema `readEnvironment` uses. */
export interface EnvironmentSchema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The environment parsed by `schema`, or a ConfigError titled `title` listing every bad variable.
 * Empty values count as unset, as in the shell's `VAR= command` idiom.
 */
export function readEnvironment<T>(
  schema: EnvironmentSchema<T>,
  env: Record<string, string | undefined>,
  title: string,
): T {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(defined);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map(
    (issue) => `  ${issue.path.map(String).join('.') || '(env)'}: ${issue.message}`,
  );
  throw new ConfigError(`${title}:\n${lines.join('\n')}`);
}
