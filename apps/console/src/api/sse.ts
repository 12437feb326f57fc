/**
 * A Server-Sent Events parser for a stream read with fetch(): `EventSource` cannot send the
 * `Authorization` header the admin API needs. Fed text as it arrives, in pieces cut anywhere; it
 * hands back each complete event and keeps the rest for the next piece. Comments (the server's
 * heartbeats) are dropped.
 */
export interface SseEvent {
  event: string | null;
  data: string;
}

export function sseParser(): (text: string) => SseEvent[] {
  let buffered = '';
  return (text) => {
    buffered += text.replaceAll('\r\n', '\n');
    const events: SseEvent[] = [];
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      let event: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  };
}
