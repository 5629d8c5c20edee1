import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { seed } from '../db/seed.js';
import { createSession } from '../features/auth/sessions.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set, as in the API tests. */
export const faultDatabases: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A database that outlives the server processes started on it: a PGlite data directory, or a fresh
 * PostgreSQL database beside TEST_DATABASE_URL's.
 */
export interface FaultDatabase {
  kind: DatabaseKind;
  /** What the server needs to find it (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /**
   * Runs `work` on the database from this process. PGlite has one owner at a time (the data-dir lock):
   * only while no server runs on it.
   */
  use<T>(work: (db: Db) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export async function createFaultDatabase(kind: DatabaseKind): Promise<FaultDatabase> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-faults-'));
    return {
      kind,
      env: { DATA_DIR: dataDir },
      use: (work) => using({ dataDir: path.join(dataDir, 'db') }, work),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `referbridge_faults_${randomUUID().replaceAll('-', '')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.href },
    use: (work) => using({ url: url.href }, work),
    drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function using<T>(where: { url?: string; dataDir?: string }, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ ...where, afterMigrate: seed });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

export interface SeededUser {
  id: number;
  /** The Cookie header of a live session. */
  cookie: string;
}

/** Accounts with a live session each, made directly in the database (the sign-in flow is not under test). */
export async function seedUsers(db: Db, count: number, label: string): Promise<SeededUser[]> {
  const made: SeededUser[] = [];
  for (let i = 0; i < count; i++) {
    const [user] = await db
      .insert(users)
      .values({ username: `${label}${i}`, email: `${label}${i}@example.com`, fullName: `${label} ${i}` })
      .returning({ id: users.id });
    made.push({ id: user!.id, cookie: `sid=${await createSession(db, user!.id)}` });
  }
  return made;
}
