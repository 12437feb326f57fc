import type { StreamEvent } from '@assistant-platform/types/admin';
import { describe, expect, it } from 'vitest';
import { endText, streamAnswer } from '../src/lib/stream-answer.js';
import { chatChunk } from './entry.js';

const at = (atMs: number, data: string, event: string | null = null): StreamEvent => ({ atMs, event, data });

describe('a streamed chat’s answer, assembled', () => {
  it('joins every delta’s content in order, with the last chunk’s finish reason, complete at [DONE]', () => {
    const answer = streamAnswer(
      [
        at(5, chatChunk('Your parcel')),
        at(9, chatChunk(' is on its way.')),
        at(12, chatChunk(undefined, 'stop')),
        at(12, '[DONE]'),
      ],
      false,
    );
    expect(answer).toEqual({
      text: 'Your parcel is on its way.',
      finishReason: 'stop',
      pieces: ['Your parcel', ' is on its way.', null, null],
      unreadable: 0,
      end: { kind: 'done' },
    });
    expect(endText(answer.end)).toMatch(/^Complete/);
  });

  it('says a stream that ended with an error event failed, naming its message', () => {
    const answer = streamAnswer(
      [at(5, chatChunk('Your par')), at(40, '{"success":false,"message":"Internal server error"}', 'error')],
      false,
    );
    expect(answer.text).toBe('Your par');
    expect(answer.end).toEqual({ kind: 'error', message: 'Internal server error' });
    expect(endText(answer.end)).toBe(
      'Failed: the stream ended with an error event (Internal server error); the text above is cut.',
    );
  });

  it('says a stream with neither [DONE] nor an error was cut, and one the journal stopped keeping cannot say', () => {
    expect(streamAnswer([at(5, chatChunk('Your'))], false).end).toEqual({ kind: 'cut' });
    expect(streamAnswer([at(5, chatChunk('Your'))], true).end).toEqual({ kind: 'unknown' });
  });

  it('counts events that are not chat chunks rather than failing on them', () => {
    const answer = streamAnswer(
      [at(1, 'not json'), at(2, '{"other":true}'), at(3, chatChunk('ok')), at(4, '[DONE]')],
      false,
    );
    expect(answer).toMatchObject({ text: 'ok', unreadable: 2, pieces: [null, null, 'ok', null] });
  });
});
