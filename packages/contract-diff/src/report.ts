/**
 * The diff's three outputs: text for a terminal and CI's log, markdown to paste into a changeset,
 * JSON for tools. Each groups the changes by level, breaking first, and says the bump they ask for.
 */
import type { Change, Level } from './change.js';
import type { ContractDiff } from './contract-diff.js';

export type Format = 'text' | 'markdown' | 'json';
const LEVELS: Level[] = ['breaking', 'compatible', 'documentation'];
const TITLES: Record<Level, string> = {
  breaking: 'Breaking for clients',
  compatible: 'Compatible',
  documentation: 'Documentation only',
};

const line = (change: Change) =>
  `${change.document === 'admin' ? 'admin: ' : ''}${change.where}: ${change.message} [${change.rule}]`;

const deprecations = (diff: ContractDiff) =>
  diff.changes.filter((change) => change.deprecation !== undefined);

export function formatText(diff: ContractDiff): string {
  if (diff.changes.length === 0) return `Contract: no change since ${diff.base}.`;
  const out = [`Contract changes since ${diff.base} (asks for a ${diff.bump} bump):`];
  for (const level of LEVELS) {
    const changes = diff.changes.filter((change) => change.level === level);
    if (changes.length === 0) continue;
    out.push(`  ${TITLES[level]} (${changes.length}):`, ...changes.map((change) => `    - ${line(change)}`));
  }
  return out.join('\n');
}

export function formatMarkdown(diff: ContractDiff): string {
  if (diff.changes.length === 0) return `No contract change since ${diff.base}.`;
  const out = [`Contract changes since ${diff.base}:`];
  for (const level of LEVELS) {
    const changes = diff.changes.filter((change) => change.level === level);
    if (changes.length === 0) continue;
    out.push(
      '',
      `**${TITLES[level]}**`,
      '',
      ...changes.map((change) => `- ${line(change).replace(/^([^:]+(?:\([^)]*\))?)/, '`$1`')}`),
    );
  }
  const deprecated = deprecations(diff);
  if (deprecated.length > 0) {
    out.push('', '**Deprecated**', '');
    for (const change of deprecated) {
      out.push(
        `- \`${change.where}\`${change.deprecation?.since ? ` since ${change.deprecation.since}` : ''}${change.deprecation?.sunset ? `, goes away on ${change.deprecation.sunset}` : ''}`,
      );
    }
  }
  return out.join('\n');
}

export function formatJson(diff: ContractDiff): string {
  return JSON.stringify({ ...diff, deprecations: deprecations(diff) }, null, 2);
}

export function format(diff: ContractDiff, as: Format): string {
  return as === 'json' ? formatJson(diff) : as === 'markdown' ? formatMarkdown(diff) : formatText(diff);
}
