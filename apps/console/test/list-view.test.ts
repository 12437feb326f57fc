import { describe, expect, it } from 'vitest';
import { cleared, LIVE_LIST, listView, paused, resumed, uncleared } from '../src/lib/list-view.js';
import { NO_FILTER } from '../src/lib/request-filter.js';
import { journalEntry } from './entry.js';

const at = (id: number, second: number, status = 200) =>
  journalEntry({
    id,
    requestId: `req-${id}`,
    status,
    at: `2026-01-02T03:04:${String(second).padStart(2, '0')}.000Z`,
  });
const ids = (view: { shown: { id: number }[] }) => view.shown.map((entry) => entry.id);

describe('the request list’s pause and clear (the view only)', () => {
  const first = [at(2, 2), at(1, 1)];
  const later = [at(4, 4, 503), at(3, 3), ...first];

  it('follows the entries while live', () => {
    expect(listView(later, LIVE_LIST, NO_FILTER)).toMatchObject({ total: 4, arrived: 0, hidden: 0 });
  });

  it('paused, keeps the rows it had and counts those that came since; resumed, shows them', () => {
    const controls = paused(LIVE_LIST, first);
    const view = listView(later, controls, NO_FILTER);
    expect(ids(view)).toEqual([2, 1]);
    expect(view.arrived).toBe(2);
    expect(ids(listView(later, resumed(controls), NO_FILTER))).toEqual([4, 3, 2, 1]);
  });

  it('cleared, hides what it held, even when the journal is read again, and shows what comes after', () => {
    const controls = cleared(LIVE_LIST, first);
    expect(listView(first, controls, NO_FILTER)).toMatchObject({ shown: [], total: 0, hidden: 2 });
    const view = listView(later, controls, NO_FILTER);
    expect(ids(view)).toEqual([4, 3]);
    expect(view.hidden).toBe(2);
    expect(ids(listView(later, uncleared(controls), NO_FILTER))).toEqual([4, 3, 2, 1]);
  });

  it('cleared while paused, empties the paused list too, and counts only what came after the clear', () => {
    const controls = cleared(paused(LIVE_LIST, first), first);
    const view = listView(later, controls, NO_FILTER);
    expect(view).toMatchObject({ shown: [], arrived: 2, hidden: 2 });
  });

  it('applies the filters to what is in view', () => {
    const view = listView(later, cleared(LIVE_LIST, first), { ...NO_FILTER, status: '5xx' });
    expect(ids(view)).toEqual([4]);
    expect(view.total).toBe(2);
  });
});
