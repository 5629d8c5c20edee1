import { describe, expect, it } from 'vitest';
import type { KeptSettings } from './kept.js';
import { createSessionMemo, type SessionRead } from './session-memo.js';

const HOUR = 60 * 60 * 1000;

/** A database stand-in: what each token reads as, how often it was asked, and a query that can be held. */
function fakeDatabase() {
  const rows = new Map<string, SessionRead<number>>();
  let reads = 0;
  let held: Promise<void> | undefined;
  return {
    rows,
    reads: () => reads,
    /** The next query reads at once but answers only at release(): a change can land meanwhile. */
    holdNextRead() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return { release: () => release() };
    },
    read: async (token: string) => {
      reads += 1;
      const gate = held;
      held = undefined;
      const found = rows.get(token);
      const answer = found ? { ...found } : null;
      if (gate) await gate;
      return answer;
    },
  };
}

function setUp(
  options: {
    keepMs?: number;
    maxSessions?: number;
    maxChangedUsers?: number;
    settings?: KeptSettings;
  } = {},
) {
  let clock = 1_000_000;
  const db = fakeDatabase();
  const cache = createSessionMemo({ name: 'unread count', read: db.read, now: () => clock, ...options });
  db.rows.set('alice-1', { userId: 1, value: 3, readUntil: clock + HOUR });
  db.rows.set('alice-2', { userId: 1, value: 3, readUntil: clock + HOUR });
  db.rows.set('bob', { userId: 2, value: 7, readUntil: clock + HOUR });
  return { db, cache, advance: (ms: number) => (clock += ms), now: () => clock };
}

describe('the session memo', () => {
  it('answers a repeated read from memory, per session', async () => {
    const { db, cache } = setUp();
    expect(await cache.get('alice-1')).toBe(3);
    expect(await cache.get('alice-1')).toBe(3);
    expect(db.reads()).toBe(1);
    expect(await cache.get('alice-2')).toBe(3);
    expect(db.reads()).toBe(2);
  });

  it("reads again after any change of the user's, in every one of their sessions, and only theirs", async () => {
    const { db, cache } = setUp();
    for (const token of ['alice-1', 'alice-2', 'bob']) await cache.get(token);
    db.rows.set('alice-1', { ...db.rows.get('alice-1')!, value: 4 });
    db.rows.set('alice-2', { ...db.rows.get('alice-2')!, value: 4 });
    cache.changed(1);
    expect(await cache.get('alice-1')).toBe(4);
    expect(await cache.get('alice-2')).toBe(4);
    expect(await cache.get('bob')).toBe(7);
    expect(db.reads()).toBe(5);
  });

  it('ends with the session: a signed-out token is asked again and refused', async () => {
    const { db, cache } = setUp();
    await cache.get('alice-1');
    db.rows.delete('alice-1');
    cache.changed(1);
    expect(await cache.get('alice-1')).toBeNull();
    expect(await cache.get('alice-1')).toBeNull();
    expect(db.reads()).toBe(3);
  });

  it('never keeps an answer whose query started before a change', async () => {
    const { db, cache } = setUp();
    const hold = db.holdNextRead();
    const slow = cache.get('alice-1');
    // The change commits while the query that read the old answer is still on its way back.
    db.rows.set('alice-1', { ...db.rows.get('alice-1')!, value: 0 });
    cache.changed(1);
    hold.release();
    expect(await slow).toBe(3);
    expect(await cache.get('alice-1')).toBe(0);
    expect(db.reads()).toBe(2);
  });

  it('keeps an answer no longer than the session stays as read, nor than keepMs', async () => {
    const { db, cache, advance, now } = setUp({ keepMs: 10 * 60 * 1000 });
    db.rows.set('alice-1', { userId: 1, value: 3, readUntil: now() + 1000 });
    await cache.get('alice-1');
    advance(999);
    await cache.get('alice-1');
    expect(db.reads()).toBe(1);
    advance(1);
    await cache.get('alice-1');
    expect(db.reads()).toBe(2);

    await cache.get('bob');
    advance(10 * 60 * 1000 - 1);
    await cache.get('bob');
    expect(db.reads()).toBe(3);
    advance(1);
    await cache.get('bob');
    expect(db.reads()).toBe(4);
  });

  it('keeps nothing while the channel is not heard, and starts over when it is', async () => {
    const { db, cache } = setUp();
    await cache.get('alice-1');
    cache.suspend();
    await cache.get('alice-1');
    await cache.get('alice-1');
    expect(db.reads()).toBe(3);
    cache.resume();
    await cache.get('alice-1');
    await cache.get('alice-1');
    expect(db.reads()).toBe(4);
  });

  it('does not keep a query that started before the channel came back', async () => {
    const { db, cache } = setUp();
    cache.suspend();
    const hold = db.holdNextRead();
    const during = cache.get('alice-1');
    cache.resume();
    hold.release();
    await during;
    await cache.get('alice-1');
    expect(db.reads()).toBe(2);
  });

  it('holds at most maxSessions answers, the least recently asked going first', async () => {
    const { db, cache } = setUp({ maxSessions: 2 });
    await cache.get('alice-1');
    await cache.get('bob');
    await cache.get('alice-1');
    await cache.get('alice-2');
    expect(db.reads()).toBe(3);
    await cache.get('alice-1');
    expect(db.reads()).toBe(3);
    await cache.get('bob');
    expect(db.reads()).toBe(4);
  });

  it('drops every answer when it can no longer remember whose changed, and keeps answers again after', async () => {
    const { db, cache } = setUp({ maxChangedUsers: 2 });
    for (const token of ['alice-1', 'bob']) await cache.get(token);
    cache.changed(3);
    cache.changed(4);
    expect(db.reads()).toBe(2);
    // A third user's change: the two remembered are forgotten, so no answer read before it is trusted.
    cache.changed(5);
    await cache.get('alice-1');
    await cache.get('bob');
    expect(db.reads()).toBe(4);
    await cache.get('alice-1');
    await cache.get('bob');
    expect(db.reads()).toBe(4);
  });

  it('keeps no answer for an unknown token', async () => {
    const { db, cache } = setUp();
    expect(await cache.get('made-up')).toBeNull();
    expect(await cache.get('made-up')).toBeNull();
    expect(db.reads()).toBe(2);
  });

  it('reads every time, keeping nothing, when KEPT_ANSWERS_OFF names it', async () => {
    const { db, cache } = setUp({ settings: { off: ['unread count'], verify: 0 } });
    expect(await cache.get('alice-1')).toBe(3);
    db.rows.set('alice-1', { ...db.rows.get('alice-1')!, value: 5 });
    // Nothing was heard, and still the change shows: nothing was kept.
    expect(await cache.get('alice-1')).toBe(5);
    expect(db.reads()).toBe(2);
    // Another name off leaves this one on.
    const other = setUp({ settings: { off: ['signed-in user'], verify: 0 } });
    await other.cache.get('alice-1');
    await other.cache.get('alice-1');
    expect(other.db.reads()).toBe(1);
  });

  describe('verify', () => {
    const verifying = () => setUp({ settings: { off: [], verify: 1 } });

    it('reads each hit afresh too, and answers it when it is the same', async () => {
      const { db, cache } = verifying();
      expect(await cache.get('alice-1')).toBe(3);
      expect(await cache.get('alice-1')).toBe(3);
      expect(db.reads()).toBe(2);
    });

    it('fails a kept answer that differs from a fresh read while no change of the user is heard', async () => {
      const { db, cache } = verifying();
      await cache.get('alice-1');
      db.rows.set('alice-1', { ...db.rows.get('alice-1')!, value: 9 });
      await expect(cache.get('alice-1')).rejects.toThrow(
        "The kept unread count differs from a fresh read, and no change of the user's was heard",
      );
    });

    it('answers the fresh read when the change is heard soon after, as from another instance', async () => {
      const { db, cache } = verifying();
      await cache.get('alice-1');
      db.rows.set('alice-1', { ...db.rows.get('alice-1')!, value: 9 });
      const read = cache.get('alice-1');
      setTimeout(() => cache.changed(1), 50);
      expect(await read).toBe(9);
    });
  });
});
