/**
 * openapi-fetch's `pathSerializer`, with each URL template parsed once. openapi-fetch's default runs
 * a regular expression over the whole URL on every call, the largest share of its own cost per
 * request; this one splits `…/agents/view/{id}` once into its literal parts and parameter names.
 *
 * Only simple `{name}` parameters with a string, number or boolean value are served from the cache;
 * anything else (label, matrix or exploded parameters, arrays, objects, a missing value) goes to
 * openapi-fetch's default, so every URL comes out exactly as the default would write it.
 */
import { defaultPathSerializer } from 'openapi-fetch';

type PathSerializer = (pathname: string, pathParams: Record<string, unknown>) => string;

/** A URL template split at its parameters: `literals[0] name[0] literals[1] …`. */
interface Template {
  literals: string[];
  names: string[];
}

const PATH_PARAM = /\{([^{}]+)\}/g;
/** The default's styles and explode are marked by a leading `.` or `;` or a trailing `*`. */
const NOT_SIMPLE = /^[.;]|\*$/;
/** Templates per serializer: each path (the raw client's: base URL and path; a call's own baseUrl adds more). */
const MAX_TEMPLATES = 256;

function parse(pathname: string): Template | null {
  const literals: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const match of pathname.matchAll(PATH_PARAM)) {
    const name = match[1] as string;
    if (NOT_SIMPLE.test(name)) return null;
    literals.push(pathname.slice(last, match.index));
    names.push(name);
    last = match.index + match[0].length;
  }
  literals.push(pathname.slice(last));
  return { literals, names };
}

export function cachedPathSerializer(): PathSerializer {
  const templates = new Map<string, Template | null>();
  return (pathname, pathParams) => {
    let template = templates.get(pathname);
    if (template === undefined) {
      template = parse(pathname);
      if (templates.size < MAX_TEMPLATES) templates.set(pathname, template);
    }
    if (template === null) return defaultPathSerializer(pathname, pathParams);
    let url = template.literals[0] as string;
    for (let i = 0; i < template.names.length; i++) {
      const value = pathParams[template.names[i] as string];
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        return defaultPathSerializer(pathname, pathParams);
      }
      url += encodeURIComponent(value) + template.literals[i + 1];
    }
    return url;
  };
}
