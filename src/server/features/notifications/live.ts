import type { Listen } from '../../db/listen.js';
import { NOTIFICATION_CHANNEL, parseEvent } from './events.js';
import { createFanOut, type FanOut, type FanOutOptions } from './fan-out.js';

export interface LiveNotifications extends FanOut {
  /** Stops listening. */
  close(): Promise<void>;
}

/** Hears the channel and fans it out to the open streams of this instance, by user (fan-out.ts). */
export async function startLiveNotifications(
  listen: Listen,
  options: FanOutOptions,
): Promise<LiveNotifications> {
  const fanOut = createFanOut(options);
  const listener = await listen(NOTIFICATION_CHANNEL, {
    onMessage(payload) {
      const event = parseEvent(payload);
      if (event) fanOut.deliver(event);
      else options.logger.warn({ payload }, 'ignored a malformed notification event');
    },
    onReconnect: () => fanOut.resyncAll(),
  });
  return { ...fanOut, close: () => listener.close() };
}
