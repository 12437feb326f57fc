/**
 * Compares two API reports of one package (API Extractor's `.api.md`, see scripts/api-reports.mjs):
 * each top-level declaration is a block of lines. A declaration removed, or a line of one removed
 * or changed, can break a program that used it, so it is `breaking`; a new declaration or a new
 * line only (a new member, a new overload) is `compatible`; a change to the `// @public` comments
 * only is `documentation`. Text compared as API Extractor prints it, so the rule is mechanical.
 */
import { type Change, ChangeLog } from './change.js';

/** The report's declarations by their first line, each with its code lines and its comment lines. */
function declarationsOf(report: string): Map<string, { code: string[]; comments: string[] }> {
  const body = /```ts\n([\s\S]*?)```/.exec(report)?.[1] ?? '';
  const declarations = new Map<string, { code: string[]; comments: string[] }>();
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const code = lines.filter((line) => !line.trim().startsWith('//')).map((line) => line.trim());
    const comments = lines.filter((line) => line.trim().startsWith('//')).map((line) => line.trim());
    const head = code[0];
    if (head === undefined) continue; // a comment-only block (warnings, the package's notes)
    const key = head.replace(/[{(<:=].*$/, '').trim();
    const known = declarations.get(key);
    if (known) {
      known.code.push(...code);
      known.comments.push(...comments);
    } else declarations.set(key, { code, comments });
  }
  return declarations;
}

/** Every change from the `before` report of `name` to `after`. */
export function diffApiReport(name: string, before: string, after: string): Change[] {
  const log = new ChangeLog(name);
  const [old, now] = [declarationsOf(before), declarationsOf(after)];
  for (const [key, declaration] of old) {
    const kept = now.get(key);
    if (!kept) {
      log.add('breaking', 'api-removed', key, 'removed');
      continue;
    }
    const lost = declaration.code.filter((line) => !kept.code.includes(line));
    const gained = kept.code.filter((line) => !declaration.code.includes(line));
    if (lost.length > 0)
      log.add('breaking', 'api-changed', key, `no longer ${lost.map((line) => `\`${line}\``).join(', ')}`);
    else if (gained.length > 0)
      log.add('compatible', 'api-added', key, `now also ${gained.map((line) => `\`${line}\``).join(', ')}`);
    else if (declaration.comments.join('\n') !== kept.comments.join('\n'))
      log.add('documentation', 'api-documentation', key, 'release tags or notes changed');
  }
  for (const key of now.keys()) if (!old.has(key)) log.add('compatible', 'api-added', key, 'new export');
  return log.changes;
}
