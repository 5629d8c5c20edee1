import http from 'node:http';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** A Server-Sent Events client over real HTTP (app.inject cannot stream), enough for the API tests. */
export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refused request (not an event stream). */
  body: string;
  comments: string[];
  ended: Promise<void>;
  isEnded(): boolean;
  /** The next event not yet taken, waiting up to `timeoutMs` for it. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when no event arrives for `ms`; fails on the first one that does. */
  quiet(ms: number): Promise<void>;
  close(): void;
}

export function openEventStream(baseUrl: string, cookie: string, path = '/api/notifications/stream') {
  return new Promise<EventStream>((resolve, reject) => {
    const request = http.get(
      new URL(path, baseUrl),
      { headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, br' } },
      (res) => {
        const queue: StreamEvent[] = [];
        const comments: string[] = [];
        let wake = () => {};
        let body = '';
        let buffer = '';
        let ended = false;
        const endedPromise = new Promise<void>((done) =>
          res.on('close', () => {
            ended = true;
            wake();
            done();
          }),
        );
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (res.statusCode !== 200) {
            body += chunk;
            return;
          }
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (data) queue.push({ event, data: JSON.parse(data) });
          }
          wake();
        });
        res.on('error', () => {});

        async function next(timeoutMs = 1000): Promise<StreamEvent> {
          const deadline = Date.now() + timeoutMs;
          while (queue.length === 0) {
            if (ended) throw new Error('the stream ended');
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
            await new Promise<void>((woken) => {
              const timer = setTimeout(woken, left);
              wake = () => {
                clearTimeout(timer);
                woken();
              };
            });
          }
          return queue.shift()!;
        }

        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          get body() {
            return body;
          },
          comments,
          ended: endedPromise,
          isEnded: () => ended,
          next,
          async quiet(ms) {
            await new Promise((r) => setTimeout(r, ms));
            if (queue.length > 0) throw new Error(`unexpected event: ${JSON.stringify(queue[0])}`);
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
