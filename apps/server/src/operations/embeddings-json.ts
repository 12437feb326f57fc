/**
 * The embeddings envelope as JSON bytes, written by hand because it is almost all numbers:
 * JSON.stringify spends most of an embeddings request turning 384 doubles per sentence into their
 * shortest decimal. A value that is a whole number of millionths (what the local engine emits) is
 * written digit by digit from integers straight into one buffer; any other value falls back to
 * JSON.stringify, so the output is always byte for byte what JSON.stringify would produce.
 */
import type { EmbeddingsResponse } from '@assistant-platform/types';

const MILLIONTHS = 1e6;
const FRACTION_DIGITS = 6;
const ZERO = 48;
const MINUS = 45;
const DOT = 46;
const COMMA = 44;
/** Room for "-1.234567," and more: a fallback value is measured before it is written. */
const BYTES_PER_NUMBER = 10;

/** Writes `value` as JSON at `offset`; returns the offset after it. */
function writeNumber(buffer: Buffer, offset: number, value: number): number {
  const scaled = Math.round(value * MILLIONTHS);
  if (scaled / MILLIONTHS !== value || !Number.isSafeInteger(scaled) || Math.abs(scaled) >= 10 * MILLIONTHS) {
    return offset + buffer.write(JSON.stringify(value), offset, 'latin1');
  }
  let at = offset;
  if (scaled < 0) buffer[at++] = MINUS;
  const magnitude = Math.abs(scaled);
  const whole = Math.floor(magnitude / MILLIONTHS);
  let fraction = magnitude - whole * MILLIONTHS;
  buffer[at++] = ZERO + whole;
  if (fraction === 0) return scaled === 0 ? offset + 1 : at; // -0 and 0 are both "0"
  let digits = FRACTION_DIGITS;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits -= 1;
  }
  buffer[at] = DOT;
  for (let i = digits; i > 0; i--) {
    buffer[at + i] = ZERO + (fraction % 10);
    fraction = Math.floor(fraction / 10);
  }
  return at + digits + 1;
}

export function formatJsonNumber(value: number): string {
  const buffer = Buffer.allocUnsafe(32);
  return buffer.toString('latin1', 0, writeNumber(buffer, 0, value));
}

export function stringifyEmbeddingsResponse(response: EmbeddingsResponse): Buffer {
  const head = `{"success":${response.success},"message":${JSON.stringify(response.message)},"data":{"embeddings":[`;
  const tail = ']}}';
  const vectors = response.data.embeddings;
  let capacity = Buffer.byteLength(head) + tail.length + vectors.length * 3;
  for (const vector of vectors) capacity += vector.length * BYTES_PER_NUMBER;
  let buffer = Buffer.allocUnsafe(capacity);
  let at = buffer.write(head, 0);
  for (let v = 0; v < vectors.length; v++) {
    const vector = vectors[v] as number[];
    if (v > 0) buffer[at++] = COMMA;
    buffer[at++] = 91; // [
    for (let i = 0; i < vector.length; i++) {
      // A fallback number can be longer than the estimate: grow before writing it.
      if (at + 32 > buffer.length)
        buffer = Buffer.concat([buffer.subarray(0, at), Buffer.allocUnsafe(capacity)]);
      if (i > 0) buffer[at++] = COMMA;
      at = writeNumber(buffer, at, vector[i] as number);
    }
    buffer[at++] = 93; // ]
    if (at + tail.length + 4 > buffer.length)
      buffer = Buffer.concat([buffer.subarray(0, at), Buffer.allocUnsafe(64)]);
  }
  at += buffer.write(tail, at);
  return buffer.subarray(0, at);
}
