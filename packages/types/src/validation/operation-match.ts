/**
 * Which operation of a contract a request's method and path reach, as the server's router would:
 * each operation's path template (`/agents/view/{id}`) as a pattern, literal paths before
 * templated ones. The proxy, which has one route for every path, checks each request against the
 * operation this finds.
 */
import type { Contract } from './contract-validator.js';

export interface OperationMatch<Id extends string> {
  operationId: Id;
  /** Path parameters as the URL's text, percent-decoded. */
  params: Record<string, string>;
}

interface Pattern<Id extends string> {
  operationId: Id;
  method: string;
  regex: RegExp;
  names: string[];
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A matcher of a contract's operations; `path` is relative to the API's base (`/agents/view/1`). */
export function operationMatcher<Id extends string>(
  contract: Contract<Id>,
): (method: string, path: string) => { match: OperationMatch<Id> | undefined; methods: string[] } {
  const patterns: Pattern<Id>[] = (Object.keys(contract.operations) as Id[])
    .map((operationId) => {
      const { method, path } = contract.operations[operationId];
      const names: string[] = [];
      const source = path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          if (!part.startsWith('{')) return escapeRegex(part);
          names.push(part.slice(1, -1));
          return '([^/]+)';
        })
        .join('');
      return { operationId, method: method.toUpperCase(), regex: new RegExp(`^${source}$`), names };
    })
    .sort((a, b) => a.names.length - b.names.length);
  return (method, path) => {
    const methods: string[] = [];
    for (const pattern of patterns) {
      const found = pattern.regex.exec(path);
      if (!found) continue;
      if (pattern.method !== method.toUpperCase()) {
        methods.push(pattern.method);
        continue;
      }
      const params = Object.fromEntries(pattern.names.map((name, i) => [name, decode(found[i + 1] ?? '')]));
      return { match: { operationId: pattern.operationId, params }, methods };
    }
    return { match: undefined, methods };
  };
}
