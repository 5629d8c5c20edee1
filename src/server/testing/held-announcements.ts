import type { Listen } from '../db/listen.js';

/**
 * The database's announcements (NOTIFY) held back from a test app until the test lets them through: what
 * an announcement arriving late looks like, made certain. On PostgreSQL they come over a connection of their
 * own and are usually back within milliseconds, so a race with one cannot be seen to fail otherwise.
 * Pass `wrap` as createTestApp's `wrapListen`.
 */
export function heldAnnouncements() {
  let held: Array<() => void> | undefined;
  return {
    wrap:
      (listen: Listen): Listen =>
      (channel, handlers) =>
        listen(channel, {
          ...handlers,
          onMessage(payload) {
            if (held) held.push(() => handlers.onMessage(payload));
            else handlers.onMessage(payload);
          },
        }),
    /** From now on, announcements wait. */
    hold() {
      held ??= [];
    },
    /** Every waiting announcement is heard, in order, and the next ones at once. */
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const hear of waiting) hear();
    },
  };
}
