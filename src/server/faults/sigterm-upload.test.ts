import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createFaultDatabase,
  faultDatabases,
  seedUsers,
  type FaultDatabase,
  type SeededUser,
} from './fault-database.js';
import { killAll, sleep, startServer, type ServerProcess } from './server-process.js';

/** How long the upload still runs after SIGTERM; FAULT_UPLOAD_MS=20000 shows what the grace period allows. */
const UPLOAD_MS = Number(process.env.FAULT_UPLOAD_MS ?? 2000);
const FILE_BYTES = 1024 * 1024;

interface Reply {
  status: number;
  body: string;
}

/**
 * A multipart upload of `file` as a slow client sends it: the head at once, the bytes spread over `ms`.
 * `sending` resolves once the server has the request in hand (the head and a first chunk are out).
 */
function slowUpload(server: ServerProcess, cookie: string, file: Buffer, ms: number) {
  const boundary = `----fault${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="slow.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/user/resume', server.baseUrl);
  let started!: () => void;
  const sending = new Promise<void>((resolve) => (started = resolve));
  const reply = new Promise<Reply>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        cookie,
        origin: server.baseUrl,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + file.length + tail.length,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    void (async () => {
      const chunks = 40;
      const size = Math.ceil(file.length / chunks);
      req.write(head);
      for (let i = 0; i < chunks; i++) {
        req.write(file.subarray(i * size, (i + 1) * size));
        if (i === 0) started();
        await sleep(ms / chunks);
      }
      req.end(tail);
    })().catch(reject);
  });
  // A connection cut by an early exit is a failed upload, reported as such (status 0), never a rejection.
  return { sending, reply: reply.catch((err: Error) => ({ status: 0, body: `cut off: ${err.message}` })) };
}

/** A request on a connection of its own: a status, or the network error's code (ECONNREFUSED). */
function probe(server: ServerProcess, cookie: string): Promise<number | string> {
  return new Promise((resolve) => {
    const url = new URL('/api/user/skills', server.baseUrl);
    const req = http.get(url, { agent: false, headers: { cookie } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/**
 * A deploy stops the old process with SIGTERM while users are mid-upload: the upload in flight finishes
 * and is stored, new work is refused so the load balancer moves on, and the process ends with 0 (nothing
 * for a supervisor to report).
 */
describe.each(faultDatabases)('SIGTERM during an upload (%s)', (kind) => {
  let database: FaultDatabase;
  let user: SeededUser;

  beforeAll(async () => {
    database = await createFaultDatabase(kind);
    user = (await database.use((db) => seedUsers(db, 1, 'sigterm')))[0]!;
  }, 120_000);

  afterEach(killAll);
  afterAll(async () => {
    await killAll();
    await database?.drop();
  });

  it(
    'finishes the upload in flight, refuses new requests and exits 0',
    async () => {
      const server = await startServer(database.env);
      const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(FILE_BYTES)]);
      const upload = slowUpload(server, user.cookie, file, UPLOAD_MS + 500);
      // Awaited below; this only keeps a failure before then from surfacing as an unhandled rejection.
      upload.reply.catch(() => undefined);
      await upload.sending;
      await sleep(300);
      server.child.kill('SIGTERM');

      // New work is turned away while the upload still runs: refused at the door, or 503 on a kept connection.
      const refusedAt = Date.now();
      let refused: number | string = 200;
      while (refused === 200 && Date.now() - refusedAt < UPLOAD_MS) {
        refused = await probe(server, user.cookie);
        if (refused === 200) await sleep(50);
      }
      expect([503, 'ECONNREFUSED', 'ECONNRESET']).toContain(refused);

      // A connection cut by an early exit is a failed upload, shown as such.
      const reply = await upload.reply.catch((err: Error) => ({
        status: 0,
        body: `cut off: ${err.message}`,
      }));
      expect(reply.status, reply.body).toBe(201);
      const { id } = JSON.parse(reply.body) as { id: number };
      const exit = await server.exited;
      expect(exit, server.output().slice(-2000)).toEqual({ code: 0, signal: null });

      // Stored: the next process serves the very bytes as the active resume.
      const next = await startServer(database.env);
      const active = await fetch(`${next.baseUrl}/api/user/resume/active`, {
        headers: { cookie: user.cookie },
      });
      expect(((await active.json()) as { id: number }).id).toBe(id);
      const download = await fetch(`${next.baseUrl}/api/resumes/${id}/file`, {
        headers: { cookie: user.cookie },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);
      expect((await next.stop()).code).toBe(0);
    },
    120_000 + UPLOAD_MS,
  );
});
