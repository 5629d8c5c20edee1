import type { Listen } from '../../db/listen.js';
import { NOTIFICATION_CHANNEL, parseEvent } from './events.js';
import { createFanOut, type FanOut, type FanOutOptions } from './fan-out.js';
import type { HearsChanges } from '../../kept/session-memo.js';

export interface LiveNotifications extends FanOut {
  /** Stops listening. */
  close(): Promise<void>;
}

/**
 * Hears the channel and fans it out to the open streams of this instance, by user (fan-out.ts); the session
 * memos (the bell's count, the signed-in user) drop what each change makes stale, and keep nothing while
 * the channel is not heard.
 */
export async function startLiveNotifications(
  listen: Listen,
  memos: HearsChanges,
  options: FanOutOptions,
): Promise<LiveNotifications> {
  const fanOut = createFanOut(options);
  const listener = await listen(NOTIFICATION_CHANNEL, {
    onMessage(payload) {
      const event = parseEvent(payload);
      if (!event) return options.logger.warn({ payload }, 'ignored a malformed notification event');
      memos.changed(event.userId);
      fanOut.deliver(event);
    },
    onLost: () => memos.suspend(),
    onReconnect: () => {
      memos.resume();
      fanOut.resyncAll();
    },
  });
  return { ...fanOut, close: () => listener.close() };
}
