// The contract's deprecations as the table the runtime reads (src/deprecation.ts): per operation,
// whether the operation itself, which of its parameters, and which fields of its JSON request
// body and answers carry `deprecated: true`, each with the date it was deprecated
// (`x-deprecated-at`, which RFC 9745's Deprecation header carries) and its `x-sunset` date, when
// set (RFC 8594's Sunset header). Only operations with something deprecated are listed.

const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$/;

/** `{ since, sunset? }` of a node marked `deprecated: true`, failing on a missing or bad date. */
function deprecationOf(node, where) {
  if (node?.deprecated !== true) return undefined;
  const since = node['x-deprecated-at'];
  const sunset = node['x-sunset'];
  if (typeof since !== 'string' || !DATE.test(since)) {
    throw new Error(
      `${where}: deprecated: true needs x-deprecated-at: <date> (the Deprecation header's date)`,
    );
  }
  if (sunset !== undefined && (typeof sunset !== 'string' || !DATE.test(sunset))) {
    throw new Error(`${where}: x-sunset must be a date (YYYY-MM-DD or a UTC date-time)`);
  }
  return sunset === undefined ? { since } : { since, sunset };
}

/** A document-local `$ref`'s target (any component kind), else the node itself. */
function resolve(document, node) {
  const ref = node?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  return ref
    .slice(2)
    .split('/')
    .reduce((at, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

/** Every deprecated property under `schema`, by its dotted path (`[]` for an array's items). */
function deprecatedFields(document, schema, where, path = '', seen = new Set(), found = {}) {
  const node = resolve(document, schema);
  if (node === null || typeof node !== 'object' || seen.has(node)) return found;
  seen.add(node);
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const at = path === '' ? name : `${path}.${name}`;
    const target = resolve(document, property);
    const deprecation = deprecationOf(property, `${where} ${at}`) ?? deprecationOf(target, `${where} ${at}`);
    if (deprecation) found[at] = deprecation;
    deprecatedFields(document, property, where, at, seen, found);
  }
  if (node.items) deprecatedFields(document, node.items, where, `${path}[]`, seen, found);
  for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
    for (const part of node[keyword] ?? []) deprecatedFields(document, part, where, path, seen, found);
  }
  seen.delete(node);
  return found;
}

const jsonSchemaOf = (document, holder) => resolve(document, holder)?.content?.['application/json']?.schema;

/** The deprecation table of `document`, keyed by operationId. */
export function deprecationTable(document) {
  const table = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const id = operation.operationId;
      const entry = {};
      const own = deprecationOf(operation, id);
      if (own) entry.operation = own;
      const parameters = {};
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const resolved = resolve(document, parameter);
        const deprecation = deprecationOf(resolved, `${id} parameter ${resolved.name}`);
        const name = resolved.in === 'header' ? resolved.name.toLowerCase() : resolved.name;
        if (deprecation) parameters[`${resolved.in} ${name}`] = deprecation;
      }
      if (Object.keys(parameters).length > 0) entry.parameters = parameters;
      const requestFields = operation.requestBody
        ? deprecatedFields(document, jsonSchemaOf(document, operation.requestBody), `${id} request body`)
        : {};
      if (Object.keys(requestFields).length > 0) entry.requestFields = requestFields;
      const responseFields = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        Object.assign(
          responseFields,
          deprecatedFields(document, jsonSchemaOf(document, response), `${id} response ${status}`),
        );
      }
      if (Object.keys(responseFields).length > 0) entry.responseFields = responseFields;
      if (Object.keys(entry).length === 0) continue;
      // Swagger UI's link to the operation: its first tag and operationId.
      table[id] = {
        method,
        path,
        docs: `#/${encodeURIComponent(operation.tags?.[0] ?? 'default')}/${encodeURIComponent(id)}`,
        ...entry,
      };
    }
  }
  return table;
}
