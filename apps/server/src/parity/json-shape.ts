/**
 * The shape of JSON values: which types sit at each place, the keys of objects and the shape of
 * array items, without the values. Two answers of the same operation differ in ids, timestamps,
 * generated text and vector numbers; their shapes must not. An array's items are merged into one
 * shape (an answer of three chunks and one of forty have the same shape), and so are the events of
 * a stream. Numbers are one type: `61.5` and `60` are both a duration.
 */
import { MAX_JSON_DEPTH } from '@assistant-platform/types/validation';
import type { Difference } from './report.js';

type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object' | 'text that is not JSON';

export interface Shape {
  types: Set<JsonType>;
  keys: Map<string, Shape>;
  /** The merged shape of the items of every array seen here; undefined while none had items. */
  items: Shape | undefined;
}

const emptyShape = (): Shape => ({ types: new Set(), keys: new Map(), items: undefined });

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'boolean' || type === 'number' || type === 'string' ? type : 'object';
}

/** Adds `value`'s shape to `shape` (a new one by default) and returns it. */
export function addShape(value: unknown, shape: Shape = emptyShape(), depth = 0): Shape {
  const type = typeOf(value);
  shape.types.add(type);
  // Deeper than any answer of the contract nests: the type is enough (and the recursion stays bounded).
  if (depth >= MAX_JSON_DEPTH) return shape;
  if (type === 'array') {
    for (const item of value as unknown[]) shape.items = addShape(item, shape.items, depth + 1);
  } else if (type === 'object') {
    for (const [key, child] of Object.entries(value as object)) {
      shape.keys.set(key, addShape(child, shape.keys.get(key), depth + 1));
    }
  }
  return shape;
}

/** The shape of JSON texts (e.g. structured answers), a text that does not parse counting as such. */
export function jsonTextsShape(texts: readonly string[]): Shape {
  const shape = emptyShape();
  for (const text of texts) {
    try {
      addShape(JSON.parse(text), shape);
    } catch {
      shape.types.add('text that is not JSON');
    }
  }
  return shape;
}

export function describeShape(shape: Shape | undefined): string {
  return shape ? [...shape.types].sort().join(' or ') : 'absent';
}

const sameTypes = (a: Shape, b: Shape) =>
  a.types.size === b.types.size && [...a.types].every((t) => b.types.has(t));

/**
 * Where two shapes differ, once per place: a place whose types differ is reported and not looked
 * into further unless both sides have objects (or arrays) there; a key one side lacks is reported at
 * the key, not at each of its children. `path` is a JSON Pointer, `*` standing for every array item.
 */
export function shapeDifferences(target: Shape, local: Shape, path: string): Difference[] {
  const differences: Difference[] = [];
  if (!sameTypes(target, local)) {
    differences.push({ kind: 'shape', path, target: describeShape(target), local: describeShape(local) });
  }
  if (target.types.has('object') && local.types.has('object')) {
    const keys = [...new Set([...local.keys.keys(), ...target.keys.keys()])];
    for (const key of keys) {
      const at = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      const [t, l] = [target.keys.get(key), local.keys.get(key)];
      if (t && l) differences.push(...shapeDifferences(t, l, at));
      else differences.push({ kind: 'shape', path: at, target: describeShape(t), local: describeShape(l) });
    }
  }
  // An empty array says nothing of its items' shape: only items seen on both sides are compared.
  if (target.items && local.items)
    differences.push(...shapeDifferences(target.items, local.items, `${path}/*`));
  return differences;
}
