import { describe, expect, it } from 'vitest';
import { sseParser } from '../src/api/sse.js';

describe('the stream parser', () => {
  it('hands back whole events however the text is cut, dropping heartbeat comments', () => {
    const parse = sseParser();
    const wire =
      ': connected\n\nevent: request\ndata: {"id":1}\n\n: heartbeat\n\nevent: request\ndata: {"id":2}\n\n';
    const events = [];
    for (let i = 0; i < wire.length; i += 7) events.push(...parse(wire.slice(i, i + 7)));
    expect(events).toEqual([
      { event: 'request', data: '{"id":1}' },
      { event: 'request', data: '{"id":2}' },
    ]);
  });

  it('joins multi-line data and reads CRLF line ends', () => {
    expect(sseParser()('data: a\r\ndata: b\r\n\r\n')).toEqual([{ event: null, data: 'a\nb' }]);
  });
});
