import { notify } from '../features/notifications/service.js';
import { openEventStream, type EventStream } from './event-stream.js';
import type { SignedIn, TestApp } from './test-app.js';

/** A user of the app with one open stream, who tells when the app has heard what was committed so far. */
export interface Lookout {
  user: SignedIn;
  stream: EventStream;
  /** Once the app has heard every notification committed before this call. */
  heardSoFar(): Promise<void>;
  /** A new user, signed in, whose welcome every stream opened from now on has already missed. */
  signIn(name?: string): Promise<SignedIn>;
}

/**
 * On PostgreSQL NOTIFY arrives on the listener's own connection, so a notification committed before a
 * stream opens (the welcome made at sign-in) can reach that stream after it opened: an event a test did
 * not expect (seen once in stream.test.ts). The channel keeps commit order, so once a note to the lookout's
 * open stream arrives, everything committed before it has been heard. The lookout's stream is one of the
 * app's open streams, and counts against STREAMS_MAX.
 */
export async function openLookout(t: TestApp, url: string): Promise<Lookout> {
  const user = await t.signIn('Lookout');
  const stream = await openEventStream(url, user.browser.cookieHeader());
  if (stream.status !== 200) throw new Error(`the lookout's stream answered ${stream.status}`);
  async function heardSoFar(): Promise<void> {
    const mark = await notify(t.database.db, {
      userId: user.user.id,
      title: 'Mark',
      message: 'm',
      type: 'test',
    });
    for (;;) {
      const event = await stream.next(5000);
      if (event.event === 'notification' && (event.data as { id: number }).id === mark.id) return;
    }
  }
  return {
    user,
    stream,
    heardSoFar,
    async signIn(name) {
      const signedIn = await t.signIn(name);
      await heardSoFar();
      return signedIn;
    },
  };
}
