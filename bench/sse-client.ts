/**
 * The bench's side of GET /api/notifications/stream: many Server-Sent Event streams held open at once on
 * plain node:http sockets (a browser's EventSource would cost far more than the server's side does), each
 * reporting the events it reads by name.
 */
import { Agent, get, type ClientRequest } from 'node:http';

// One socket a stream, never reused: a stream's response does not end until the bench ends it.
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

export interface OpenStream {
  /** Ends the stream from the client side. */
  close(): void;
}

export interface StreamHandlers {
  /** Every event, by its `event:` name; comments (the heartbeat) are not events. */
  onEvent(name: string): void;
  /** The server ended the stream, or the connection failed after it opened. */
  onEnd(): void;
}

export function openStream(
  port: number,
  token: string,
  { onEvent, onEnd }: StreamHandlers,
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let closing = false;
    const request: ClientRequest = get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/notifications/stream',
        agent,
        headers: { cookie: `sid=${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`the stream answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const name = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
            buffer = buffer.slice(end + 2);
            if (name) onEvent(name);
          }
        });
        res.on('close', () => {
          if (!closing) onEnd();
        });
        resolve({
          close() {
            closing = true;
            request.destroy();
          },
        });
      },
    );
    request.on('error', (err) => {
      if (!closing) reject(err);
    });
  });
}
