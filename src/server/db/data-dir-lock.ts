import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * The lock is a listening Unix socket: the kernel holds it for exactly as long as the process lives, so a
 * killed process (even by SIGKILL) leaves nothing that blocks the next start, and no reused pid can pass
 * for a live holder. On Linux it lives in the abstract namespace (no file at all: taken atomically, freed
 * by the kernel); elsewhere it is a socket file beside the data directory, whose leftover is recognised by
 * nobody answering on it. See docs/decisions/009-data-dir-lock.md.
 */
function lockAddress(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  if (process.platform === 'linux') {
    const digest = createHash('sha256').update(resolved).digest('hex').slice(0, 32);
    return `\0referbridge-data-dir-${digest}`;
  }
  return `${resolved}.lock.sock`;
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Asks the holder who it is; undefined when nobody answers (a leftover socket file). */
function holderPid(address: string): Promise<number | null | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let reply = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('close', () => {
      const pid = Number.parseInt(reply, 10);
      resolve(Number.isInteger(pid) ? pid : null);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(undefined);
    });
  });
}

/**
 * PGlite is a single-process database: two processes on one directory corrupt it. Holding this lock
 * refuses a second process with one clear line; the postmaster.pid a killed run leaves behind, which PGlite
 * would trip over, is removed once the lock is ours. Resolves to the function that releases it.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const resolved = path.resolve(dataDir);
  const address = lockAddress(dataDir);
  const server = net.createServer((socket) => {
    // Whoever knocks is a second process wanting the directory: tell it who holds it.
    socket.unref();
    socket.end(`${process.pid}\n`);
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, address);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      const holder = await holderPid(address);
      if (holder !== undefined || attempt > 0) {
        throw new DataDirLockedError(
          `The database in ${resolved} is in use by another ReferBridge process` +
            `${holder ? ` (pid ${holder})` : ''}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      // A socket file nobody listens on: its process is gone.
      fs.rmSync(address, { force: true });
    }
  }
  // The lock must not keep the process alive on its own.
  server.unref();
  fs.rmSync(path.join(resolved, 'postmaster.pid'), { force: true });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}
