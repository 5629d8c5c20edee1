/**
 * A loopback stand-in for Greenhouse's Job Board API, so the bench's job previews never leave the machine:
 * GET /v1/boards/{board}/jobs/{id} answers a posting, anything else 404. It counts what it was asked, so the
 * bench can tell a cached preview from a fetched one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGreenhouse {
  /** host:port, for JOB_FETCH_ALLOWED_HOSTS. */
  host: string;
  /** For GREENHOUSE_API_URL. */
  origin: string;
  /** Postings read so far. */
  hits(): number;
  close(): Promise<void>;
}

const POSTING = /^\/v1\/boards\/[\w.-]+\/jobs\/\d+$/;

export async function startFakeGreenhouse(): Promise<FakeGreenhouse> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && POSTING.test(new URL(req.url ?? '/', 'http://x').pathname)) {
      hits += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ title: 'Senior Engineer', location: { name: 'Berlin' } }));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such posting');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    origin: `http://${host}`,
    hits: () => hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
