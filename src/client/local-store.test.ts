import { describe, expect, it } from 'vitest';
import { mergeStored, readStored, writeStored } from './local-store';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

describe('local storage merge', () => {
  it('sums _counter fields and replaces the others', () => {
    expect(mergeStored({ visits_counter: 2, previous_url: '/a' }, { visits_counter: 3, previous_url: '/b' })).toEqual({
      visits_counter: 5,
      previous_url: '/b',
    });
    expect(mergeStored(null, { a_counter_total: 1 })).toEqual({ a_counter_total: 1 });
    expect(mergeStored({ x_counter: 'oops' }, { x_counter: 1 })).toEqual({ x_counter: 1 });
  });

  it('keeps one JSON object per key under the product prefix', () => {
    const s = new MemoryStorage();
    writeStored(s, 'app', { previous_url: '/a', nav_counter: 1 });
    writeStored(s, 'app', { previous_url: '/b', nav_counter: 1 });
    expect([...s.data.keys()]).toEqual(['tandem:app']);
    expect(readStored(s, 'app')).toEqual({ previous_url: '/b', nav_counter: 2 });
  });

  it('survives corrupt values and failing storage', () => {
    const s = new MemoryStorage();
    s.setItem('tandem:app', '{not json');
    expect(readStored(s, 'app')).toBeNull();
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(writeStored(broken, 'app', { a: 1 })).toEqual({ a: 1 });
  });
});
