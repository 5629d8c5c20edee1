import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './data-dir-lock.js';

const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');

/** Another process holding the lock on dbDir, as a second server would; resolves once it holds it. */
async function holderProcess(dbDir: string): Promise<ChildProcess> {
  const script = `
    import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
    await acquireDataDirLock(${JSON.stringify(dbDir)});
    console.log('locked');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('locked')) resolve();
    });
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => reject(new Error(`holder exited (${code}): ${output}`)));
  });
  return child;
}

const killed = (child: ChildProcess) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });

describe('acquireDataDirLock', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-lock-'));
  const dbDir = path.join(tmp, 'db');
  const children: ChildProcess[] = [];
  afterEach(async () => {
    await Promise.all(children.splice(0).map(killed));
  });

  it('refuses a second process while the holder runs, in one line naming it', async () => {
    const holder = await holderProcess(dbDir);
    children.push(holder);
    await expect(acquireDataDirLock(dbDir)).rejects.toThrow(DataDirLockedError);
    await expect(acquireDataDirLock(dbDir)).rejects.toThrow(
      new RegExp(
        `^The database in ${dbDir} is in use by another ReferBridge process \\(pid ${holder.pid}\\)\\.[^\\n]*$`,
      ),
    );
  });

  it('is free again the moment the holder is killed (SIGKILL), and clears its stale postmaster.pid', async () => {
    const holder = await holderProcess(dbDir);
    children.push(holder);
    fs.mkdirSync(dbDir, { recursive: true });
    fs.writeFileSync(path.join(dbDir, 'postmaster.pid'), '-42');
    await killed(holder);
    const release = await acquireDataDirLock(dbDir);
    expect(fs.existsSync(path.join(dbDir, 'postmaster.pid'))).toBe(false);
    await release();
    // Released: the next process gets it.
    const next = await holderProcess(dbDir);
    children.push(next);
  });

  it('is not fooled by a leftover pid file naming a live, unrelated process (a reused pid)', async () => {
    // The old lock was a file holding a pid; pid 1 is always alive, as a reused pid would be.
    fs.writeFileSync(`${dbDir}.lock`, '1');
    const release = await acquireDataDirLock(dbDir);
    await release();
  });

  it('refuses a second holder within one process too', async () => {
    const release = await acquireDataDirLock(dbDir);
    try {
      await expect(acquireDataDirLock(dbDir)).rejects.toThrow(DataDirLockedError);
    } finally {
      await release();
    }
  });
});
