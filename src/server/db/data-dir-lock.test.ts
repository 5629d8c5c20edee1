import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './data-dir-lock.js';

describe('acquireDataDirLock', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-lock-'));
  const dbDir = path.join(tmp, 'db');
  afterEach(() => fs.rmSync(`${dbDir}.lock`, { force: true }));

  it('refuses a second process while the holder is alive', () => {
    // pid 1 is always alive: it stands in for another running server.
    fs.writeFileSync(`${dbDir}.lock`, '1');
    expect(() => acquireDataDirLock(dbDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dbDir)).toThrow(/in use by another ReferBridge process \(pid 1\)/);
  });

  it('takes over a lock left by a killed process and removes its stale postmaster.pid', () => {
    fs.mkdirSync(dbDir, { recursive: true });
    fs.writeFileSync(path.join(dbDir, 'postmaster.pid'), '-42');
    fs.writeFileSync(`${dbDir}.lock`, '999999999');
    const release = acquireDataDirLock(dbDir);
    expect(fs.readFileSync(`${dbDir}.lock`, 'utf8')).toBe(String(process.pid));
    expect(fs.existsSync(path.join(dbDir, 'postmaster.pid'))).toBe(false);
    release();
    expect(fs.existsSync(`${dbDir}.lock`)).toBe(false);
  });
});
