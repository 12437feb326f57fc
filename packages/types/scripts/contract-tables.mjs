// The tables generate.mjs derives from a parsed OpenAPI document: its operations (method, path,
// scope, path parameters, body, in-flight limit, event stream, idempotency key), its declared defaults and its
// declared limits.

const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** A parameter, inline or by `$ref` to `components.parameters`. */
function parameterOf(document, parameter) {
  const ref = parameter?.$ref;
  return typeof ref === 'string' ? document.components.parameters?.[ref.split('/').pop()] : parameter;
}

/** A component schema by `$ref`, one hop. */
function target(document, schema) {
  const ref = schema?.$ref;
  return typeof ref === 'string' ? document.components.schemas[ref.split('/').pop()] : schema;
}

/** A response, inline or by `$ref` to `components.responses`. */
function responseOf(document, response) {
  const ref = response?.$ref;
  return typeof ref === 'string' ? document.components.responses?.[ref.split('/').pop()] : response;
}

/** The scopes the document's bearer scheme declares (`x-scopes`). */
export function declaredScopes(document) {
  return Object.keys(document.components.securitySchemes.bearerAuth['x-scopes'] ?? {});
}

/**
 * Each operation's method, path, required scope (from its own `security`), path parameters (and
 * whether each is an integer), the declared defaults of its query parameters, whether it takes a
 * JSON body, whether it is in-flight limited, whether it may answer with a `text/event-stream`
 * (the server gives only such routes its stream stages) and whether it takes an `Idempotency-Key` header.
 * Fails when an operation names no scope or one `x-scopes` does not declare.
 */
export function operationTable(document) {
  const declared = declaredScopes(document);
  const operations = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const scope = operation.security?.[0]?.bearerAuth?.[0];
      if (!declared.includes(scope)) {
        throw new Error(
          `${operation.operationId}: its security must name one scope of x-scopes, got ${scope}`,
        );
      }
      const parameters = (operation.parameters ?? []).map((parameter) => parameterOf(document, parameter));
      const pathParameters = parameters
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => ({
          name: parameter.name,
          integer: target(document, parameter.schema)?.type === 'integer',
        }));
      const queryDefaults = {};
      for (const parameter of parameters) {
        const value = target(document, parameter.schema)?.default ?? parameter.schema?.default;
        if (parameter.in === 'query' && value !== undefined) queryDefaults[parameter.name] = value;
      }
      operations[operation.operationId] = {
        method,
        path,
        scope,
        pathParameters,
        queryDefaults,
        jsonBody: operation.requestBody?.content?.['application/json'] !== undefined,
        inFlightLimited: operation['x-in-flight-limited'] === true,
        eventStream: Object.values(operation.responses ?? {}).some(
          (response) => responseOf(document, response)?.content?.['text/event-stream'] !== undefined,
        ),
        idempotencyKey: parameters.some(
          (parameter) => parameter?.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key',
        ),
      };
    }
  }
  return operations;
}

/** The declared `default` of each property of every object schema (directly or through one `$ref`). */
export function declaredDefaults(document) {
  const defaults = {};
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
      const value = propertySchema.default ?? target(document, propertySchema)?.default;
      if (value === undefined) continue;
      defaults[name] ??= {};
      defaults[name][property] = value;
    }
  }
  return defaults;
}

/** The keywords that bound a value or list the values it may take. */
const LIMIT_KEYWORDS = [
  'enum',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
];

/**
 * The declared limits of each property of every object schema (directly or through one `$ref`):
 * its allowed values and bounds, with its `type` (an integer's bounds are not a number's). A form
 * checks them before it sends, in the contract's numbers rather than a copy.
 */
export function declaredLimits(document) {
  const limits = {};
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
      const referenced = target(document, propertySchema) ?? {};
      const found = {};
      for (const keyword of LIMIT_KEYWORDS) {
        const value = propertySchema[keyword] ?? referenced[keyword];
        if (value !== undefined) found[keyword] = value;
      }
      if (Object.keys(found).length === 0) continue;
      const type = propertySchema.type ?? referenced.type;
      limits[name] ??= {};
      limits[name][property] = typeof type === 'string' ? { type, ...found } : found;
    }
  }
  return limits;
}

/**
 * The properties of each object schema marked `x-in-flight-limited: true`: for a `Fault`, the
 * fields that hold a request's connection, which the server counts against the token's in-flight
 * limit.
 */
export function declaredInFlightLimited(document) {
  const marked = {};
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    const properties = Object.entries(schema.properties ?? {})
      .filter(([, propertySchema]) => propertySchema['x-in-flight-limited'] === true)
      .map(([property]) => property);
    if (properties.length > 0) marked[name] = properties;
  }
  return marked;
}
