import type { Listen } from '../../db/listen.js';
import { NOTIFICATION_CHANNEL, parseEvent } from './events.js';
import { createFanOut, type FanOut, type FanOutOptions } from './fan-out.js';
import type { UnreadCountCache } from './poll-cache.js';

export interface LiveNotifications extends FanOut {
  /** Stops listening. */
  close(): Promise<void>;
}

/**
 * Hears the channel and fans it out to the open streams of this instance, by user (fan-out.ts); the bell's
 * poll cache drops what each change makes stale, and keeps nothing while the channel is not heard.
 */
export async function startLiveNotifications(
  listen: Listen,
  unreadCounts: Pick<UnreadCountCache, 'changed' | 'suspend' | 'resume'>,
  options: FanOutOptions,
): Promise<LiveNotifications> {
  const fanOut = createFanOut(options);
  const listener = await listen(NOTIFICATION_CHANNEL, {
    onMessage(payload) {
      const event = parseEvent(payload);
      if (!event) return options.logger.warn({ payload }, 'ignored a malformed notification event');
      unreadCounts.changed(event.userId);
      fanOut.deliver(event);
    },
    onLost: () => unreadCounts.suspend(),
    onReconnect: () => {
      unreadCounts.resume();
      fanOut.resyncAll();
    },
  });
  return { ...fanOut, close: () => listener.close() };
}
