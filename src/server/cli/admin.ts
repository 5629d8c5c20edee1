/**
 * `npm run admin -- <command>` (issue 51): the chores an incident needs, at the command line, on the
 * configured database. `npm run admin -- --help` lists the commands; src/server/cli/admin-commands.ts has them.
 */
import os from 'node:os';
import pino from 'pino';
import { createFeatures } from '../app-features.js';
import { ConfigError, loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { openConfiguredDatabase } from '../db/starting-database.js';
import { createRateLimitStore } from '../plugins/rate-limit-store.js';
import { EXIT, runAdmin, type AdminContext } from './admin-commands.js';

const io = { out: (text: string) => console.log(text), err: (text: string) => console.error(text) };

let database: Database | undefined;

/** Opens the database the server would, and builds the features as the server does, without HTTP. */
async function open(): Promise<AdminContext> {
  const config = loadConfig();
  const logger = pino({ level: 'warn' }, pino.destination(2));
  database = await openConfiguredDatabase(config, logger);
  // Limits are for browsers: the command line counts nothing, in this process only (no Redis).
  const rateLimits = await createRateLimitStore({ ...config, redisUrl: undefined }, logger);
  const features = await createFeatures(config, {
    db: database.db,
    listen: database.listen,
    rateLimits,
    logger,
    referralSweep: false,
    livenessSweep: false,
  });
  return {
    db: database.db,
    operator: features.operator,
    actor: { id: null, email: `cli:${os.userInfo().username}` },
  };
}

let code: number;
try {
  code = await runAdmin(process.argv.slice(2), open, io);
} catch (err) {
  // The embedded database held by a running server, or a configuration to fix: one line, no stack.
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error(err);
  code = err instanceof ConfigError ? EXIT.usage : EXIT.refused;
} finally {
  await database?.close();
}
process.exit(code!);
