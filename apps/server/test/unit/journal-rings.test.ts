/**
 * The journal's rings: each account keeps its newest entries up to its cap, and however many
 * accounts record, no more than the total's slots are ever made (the memory bound).
 */
import { describe, expect, it } from 'vitest';
import { JournalRings } from '../../src/admin/journal-rings.js';
import type { JournalSlot } from '../../src/admin/journal-slot.js';

function record(rings: JournalRings, accountId: number, id: number): JournalSlot {
  const slot = rings.take(accountId);
  slot.id = id;
  slot.accountId = accountId;
  return slot;
}

const idsOf = (rings: JournalRings, accountId: number) => {
  const ids: number[] = [];
  rings.eachOf(accountId, (slot) => ids.push(slot.id) > 0);
  return ids;
};

describe('JournalRings', () => {
  it('makes at most `total` slots whatever the number of accounts, each keeping a fair share', () => {
    const rings = new JournalRings({ perAccount: 50, total: 100 });
    const made = new Set<JournalSlot>();
    let id = 0;
    for (let round = 0; round < 20; round++)
      for (let account = 1; account <= 10; account++) made.add(record(rings, account, ++id));
    expect(made.size).toBe(100);
    for (let account = 1; account <= 10; account++) expect(idsOf(rings, account)).toHaveLength(10);
    expect(rings.all()).toHaveLength(100);
  });

  it('reuses cleared slots, and answers how many entries it dropped', () => {
    const rings = new JournalRings({ perAccount: 3, total: 5 });
    const made = new Set<JournalSlot>();
    for (let id = 1; id <= 5; id++) made.add(record(rings, id % 2, id));
    expect(rings.clear(1)).toBe(3);
    expect(idsOf(rings, 0)).toEqual([4, 2]);
    for (let id = 6; id <= 9; id++) made.add(record(rings, 2, id));
    expect(made.size).toBe(5);
    expect(idsOf(rings, 2)).toEqual([9, 8, 7]);
    expect(rings.clear('all')).toBe(5);
    expect(rings.all()).toEqual([]);
  });
});
