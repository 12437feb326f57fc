/**
 * Where the target's answer to a step differs from the local server's, each difference reported
 * once, at the first place it shows: different statuses are one difference (two answers of
 * different statuses have nothing else to compare); a different media type stops there too; an
 * envelope key one side lacks is an envelope difference, not also a shape difference of what it
 * holds. Values that differ by nature (ids, timestamps, generated text, vector numbers) are not
 * compared; the envelope's `success` and `message` are, being fixed by the contract.
 */
import type { OperationId } from '@assistant-platform/types';
import { operationResponse, platformContract } from '@assistant-platform/types/validation';
import type { Answer, AnswerBody, StreamEnd } from './answer.js';
import { addShape, jsonTextsShape, shapeDifferences } from './json-shape.js';
import type { Difference } from './report.js';

/** What a step compares beyond the envelope and the shape (see the scenario). */
export interface Inspection {
  /** Where the answer holds JSON texts (a structured answer), compared by the shape of what they encode. */
  jsonTexts?: string;
  /** Where the answer holds vectors, compared by their number and length. */
  vectors?: string;
}

/** The values at a JSON Pointer whose `*` segments stand for every item of an array. */
function select(value: unknown, pointer: string): unknown[] {
  let found = [value];
  for (const key of pointer.split('/').slice(1)) {
    found = found.flatMap((node) => {
      if (key === '*') return Array.isArray(node) ? node : [];
      return node !== null && typeof node === 'object' && Object.hasOwn(node, key)
        ? [(node as Record<string, unknown>)[key]]
        : [];
    });
  }
  return found;
}

function describeBody(body: AnswerBody): string {
  if (body.kind === 'json') {
    const value = body.value;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? 'a JSON object'
      : 'JSON that is not an object';
  }
  return { empty: 'an empty body', text: 'text that is not JSON', events: 'an event stream' }[body.kind];
}

const END: Record<StreamEnd, string> = {
  done: 'data: [DONE]',
  'error-event': 'event: error',
  cut: 'cut (neither data: [DONE] nor event: error)',
};

function streamDifferences(target: AnswerBody, local: AnswerBody): Difference[] {
  if (target.kind !== 'events' || local.kind !== 'events') return [];
  const differences: Difference[] = [];
  if (target.end !== local.end)
    differences.push({ kind: 'stream', path: 'end', target: END[target.end], local: END[local.end] });
  // The chunks' shapes (a terminal error event is the envelope, compared by the end above).
  const chunks = (body: typeof target) =>
    jsonTextsShape(body.events.filter((e) => e.event !== 'error').map((e) => e.data));
  differences.push(...shapeDifferences(chunks(target), chunks(local), '/events/*'));
  return differences;
}

function vectorDifferences(target: unknown, local: unknown, pointer: string): Difference[] {
  const [t] = select(target, pointer);
  const [l] = select(local, pointer);
  if (!Array.isArray(t) || !Array.isArray(l)) return [];
  const differences: Difference[] = [];
  if (t.length !== l.length) {
    differences.push({
      kind: 'dimension',
      path: pointer,
      target: `${t.length} vectors`,
      local: `${l.length} vectors`,
    });
  }
  const lengths = (vectors: unknown[]) =>
    [...new Set(vectors.map((vector) => (Array.isArray(vector) ? vector.length : 0)))]
      .sort((a, b) => a - b)
      .join(', ');
  if (lengths(t) !== lengths(l)) {
    differences.push({
      kind: 'dimension',
      path: `${pointer}/*`,
      target: `length ${lengths(t)}`,
      local: `length ${lengths(l)}`,
    });
  }
  return differences;
}

function envelopeDifferences(target: unknown, local: unknown, inspection: Inspection): Difference[] {
  const t = target as Record<string, unknown>;
  const l = local as Record<string, unknown>;
  const differences: Difference[] = [];
  const keys = (envelope: object) => Object.keys(envelope).sort().join(', ');
  if (keys(t) !== keys(l))
    differences.push({ kind: 'envelope', path: '/', target: `keys ${keys(t)}`, local: `keys ${keys(l)}` });
  for (const key of ['success', 'message']) {
    if (key in t && key in l && t[key] !== l[key]) {
      differences.push({
        kind: 'envelope',
        path: `/${key}`,
        target: JSON.stringify(t[key]),
        local: JSON.stringify(l[key]),
      });
    }
  }
  // What the envelope carries (`data`, a 400's `errors`): compared where both sides have it.
  for (const key of Object.keys(l).filter((k) => k !== 'success' && k !== 'message' && k in t)) {
    differences.push(...shapeDifferences(addShape(t[key]), addShape(l[key]), `/${key}`));
  }
  if (inspection.jsonTexts) {
    const texts = (body: unknown) =>
      select(body, inspection.jsonTexts as string).filter((v) => typeof v === 'string');
    const [tt, lt] = [texts(t), texts(l)];
    if (tt.length > 0 && lt.length > 0) {
      differences.push(
        ...shapeDifferences(jsonTextsShape(tt), jsonTextsShape(lt), `${inspection.jsonTexts} (JSON text)`),
      );
    }
  }
  if (inspection.vectors) differences.push(...vectorDifferences(t, l, inspection.vectors));
  return differences;
}

const isObject = (body: AnswerBody) =>
  body.kind === 'json' && body.value !== null && typeof body.value === 'object' && !Array.isArray(body.value);

export function compareAnswers(
  operation: OperationId,
  target: Answer,
  local: Answer,
  inspection: Inspection = {},
): Difference[] {
  if (target.status !== local.status) {
    return [{ kind: 'status', path: 'status', target: String(target.status), local: String(local.status) }];
  }
  const differences: Difference[] = [];
  // The headers the contract declares for this answer (x-request-id, a 401's WWW-Authenticate, ...),
  // but Server-Timing: informative, the contract lets a deployment leave it out.
  const declared = operationResponse(platformContract, operation, local.status)?.headers ?? [];
  for (const name of declared) {
    if (name.toLowerCase() === 'server-timing') continue;
    const [t, l] = [target.headers.has(name), local.headers.has(name)];
    if (t !== l)
      differences.push({
        kind: 'header',
        path: name,
        target: t ? 'present' : 'absent',
        local: l ? 'present' : 'absent',
      });
  }
  if (target.mediaType !== local.mediaType) {
    const type = (answer: Answer) => answer.mediaType || 'none';
    differences.push({ kind: 'header', path: 'content-type', target: type(target), local: type(local) });
    return differences;
  }
  if (target.body.kind === 'events' || local.body.kind === 'events') {
    return [...differences, ...streamDifferences(target.body, local.body)];
  }
  if (!isObject(target.body) || !isObject(local.body)) {
    const [t, l] = [describeBody(target.body), describeBody(local.body)];
    return t === l ? differences : [...differences, { kind: 'envelope', path: '/', target: t, local: l }];
  }
  const value = (body: AnswerBody) => (body as { value: unknown }).value;
  return [...differences, ...envelopeDifferences(value(target.body), value(local.body), inspection)];
}
