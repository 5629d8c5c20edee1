import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CompanyEmailDomainsInputSchema,
  SuspendUserInputSchema,
  VerifyUserInputSchema,
  type AdminUser,
} from '../../shared/admin.js';
import { CLOSED_REQUEST_STATUSES } from '../../shared/referral-status.js';
import type { Db } from '../db/client.js';
import { referralRequests, referrers, users } from '../db/schema.js';
import { outboxDepth } from '../plugins/metrics.js';
import type { AdminActor } from '../features/admin/audit-repo.js';
import type { createFeatures } from '../app-features.js';
import { waitingRequestInSql } from '../lib/company-demand.js';
import { AppError } from '../lib/errors.js';

/** What the commands work on: the configured database and the console's services (app-features.ts). */
export interface AdminContext {
  db: Db;
  operator: Awaited<ReturnType<typeof createFeatures>>['operator'];
  /** `cli:<operating-system user>`, the name every write of the command line has in the audit log. */
  actor: AdminActor;
}

export interface AdminIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Exit codes: done, refused or failed, bad arguments (nothing changed). */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

/** Bad arguments: said in a sentence, exit 2, nothing changed. */
class UsageError extends Error {}

const USERS_SHOWN = 25;

/** A company's id, as commander parses an argument. */
function companyId(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('A company id is a whole number above 0.');
  return Number(value);
}

/**
 * The one account an id or an email names. An email may name two accounts, one a sign-in provider: the
 * command is refused with their ids, to be named by id instead.
 */
async function resolveUser(db: Db, who: string): Promise<number> {
  if (/^\d+$/.test(who)) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, Number(who)));
    if (!row) throw new UsageError(`No account has the id ${who}.`);
    return row.id;
  }
  if (!who.includes('@')) throw new UsageError(`"${who}" is neither an account's id nor an email address.`);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, who.toLowerCase()))
    .orderBy(users.id);
  if (rows.length === 0) throw new UsageError(`No account has the email ${who}.`);
  if (rows.length > 1) {
    throw new UsageError(
      `${who} names ${rows.length} accounts (ids ${rows.map((r) => r.id).join(', ')}): name one by its id.`,
    );
  }
  return rows[0]!.id;
}

/** A schema's first message for a bad value, as a usage error. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new UsageError(result.error.issues[0]!.message);
  return result.data;
}

const userLine = (u: AdminUser) =>
  [
    String(u.id).padStart(6),
    u.email,
    u.fullName,
    u.role === 'referrer'
      ? `refers at ${u.referrerCompany ?? '?'}${u.verified ? ' (verified)' : ''}`
      : 'seeker',
    u.suspendedAt ? `suspended ${u.suspendedAt.slice(0, 10)}` : '',
  ]
    .filter(Boolean)
    .join('  ');

/**
 * The figures of `stats`, each one count; a waiting request counted as the demand figures count it
 * (waitingRequestInSql).
 */
async function stats(db: Db) {
  return {
    users: await db.$count(users),
    referrers: await db.$count(referrers),
    openRequests: await db.$count(
      referralRequests,
      notInArray(referralRequests.status, [...CLOSED_REQUEST_STATUSES]),
    ),
    waitingRequests: await db.$count(referralRequests, waitingRequestInSql(db)),
    mailQueued: await outboxDepth(db),
  };
}

/** The program, its commands writing to `io`; parse with `{ from: 'user' }`. */
function program(context: () => Promise<AdminContext>, io: AdminIo): Command {
  const print = (value: unknown) =>
    io.out(typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  const root = new Command('admin')
    .description(
      'Chores for whoever runs ReferBridge, on the configured database (DATABASE_URL, or the embedded one under DATA_DIR).\n' +
        "Writes go through the admin console's own services, each in one transaction, and land in the audit log as cli:<your user>.\n" +
        'Exit codes: 0 done, 1 refused (the answer says why), 2 bad arguments (nothing changed).',
    )
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .exitOverride()
    .showHelpAfterError(false);

  const users_ = root.command('users').description('Find, inspect and act on accounts.');
  users_
    .command('find')
    .description(`Accounts whose name or email holds <text>, newest first (at most ${USERS_SHOWN}).`)
    .argument('<text>', 'part of a name or an email address')
    .action(async (text: string) => {
      const { operator } = await context();
      const found = await operator.searchUsers(text.trim(), USERS_SHOWN);
      print(
        found.length === 0 ? `No account's name or email holds "${text}".` : found.map(userLine).join('\n'),
      );
    });
  users_
    .command('show')
    .description('One account as the console shows it, as JSON.')
    .argument('<user>', "the account's id or email")
    .action(async (who: string) => {
      const { db, operator } = await context();
      print(await operator.findUser(await resolveUser(db, who)));
    });
  users_
    .command('suspend')
    .description(
      'Suspend an account: its sessions end, its referrals pass on, its requests wait; it is told by mail.',
    )
    .argument('<user>', "the account's id or email")
    .requiredOption('--reason <text>', 'why, for the audit log (the user is not told it)')
    .action(async (who: string, options: { reason: string }) => {
      const { db, operator, actor } = await context();
      const input = parsed(SuspendUserInputSchema, { reason: options.reason });
      print(userLine(await operator.suspend(actor, await resolveUser(db, who), { reason: input.reason })));
    });
  users_
    .command('unsuspend')
    .description(
      'Lift a suspension: the account may sign in again and its waiting requests are matched again.',
    )
    .argument('<user>', "the account's id or email")
    .action(async (who: string) => {
      const { db, operator, actor } = await context();
      print(userLine(await operator.unsuspend(actor, await resolveUser(db, who))));
    });
  users_
    .command('verify')
    .description('Verify a referrer by hand.')
    .argument('<user>', "the account's id or email")
    .option('--note <text>', 'for the audit log')
    .action(async (who: string, options: { note?: string }) => {
      const { db, operator, actor } = await context();
      const input = parsed(VerifyUserInputSchema, options.note === undefined ? {} : { note: options.note });
      print(userLine(await operator.verify(actor, await resolveUser(db, who), input?.note ?? null)));
    });

  users_
    .command('export')
    .description("Everything stored about an account, the same JSON as the user's own download, to stdout.")
    .argument('<user>', "the account's id or email")
    .action(async (who: string) => {
      const { db, operator, actor } = await context();
      const id = await resolveUser(db, who);
      const data = await operator.exportUser(id);
      // Reading a person's data is recorded too, as the console's writes are.
      await operator.record(db, { actor, action: 'user.export', targetType: 'user', targetId: id });
      print(data);
    });
  users_
    .command('erase')
    .description(
      "Delete an account and its data, as the user's own deletion does: their open referrals pass on.",
    )
    .argument('<user>', "the account's id or email")
    .option('--yes', 'confirm: the erasure is final')
    .action(async (who: string, options: { yes?: boolean }) => {
      const { db, operator, actor } = await context();
      const id = await resolveUser(db, who);
      if (!options.yes) throw new UsageError(`Erasing is final: add --yes to erase account ${id}.`);
      await operator.eraseUser(id, (tx) =>
        operator.record(tx, { actor, action: 'user.erase', targetType: 'user', targetId: id }),
      );
      print(`Account ${id} is erased.`);
    });

  const companies_ = root
    .command('companies')
    .description("Set a company's email domains, or merge a duplicate.");
  companies_
    .command('domains')
    .description("Set the email domains whose addresses verify a company's referrers (replacing the list).")
    .argument('<id>', "the company's id", companyId)
    .argument('<domain...>', 'one or more, e.g. acme.com acme.co.uk')
    .action(async (id: number, domains: string[]) => {
      const { operator, actor } = await context();
      print(
        await operator.setEmailDomains(
          actor,
          id,
          parsed(CompanyEmailDomainsInputSchema, { emailDomains: domains }),
        ),
      );
    });
  companies_
    .command('merge')
    .description('Fold a duplicate company into another: its referrers, requests and names move there.')
    .argument('<id>', 'the duplicate', companyId)
    .requiredOption('--into <id>', 'the company it becomes', companyId)
    .action(async (id: number, options: { into: number }) => {
      const { operator, actor } = await context();
      print(await operator.merge(actor, id, options.into));
    });

  root
    .command('sweep')
    .description(
      "Run each timed rule once, as the timers do: hand-offs, reminders, retention, verification lapses, the postings' liveness, then the mail outbox.",
    )
    .action(async () => {
      const { operator } = await context();
      const { liveness, ...rules } = await operator.sweepOnce();
      const mail = await operator.drainMail();
      const lines = Object.entries(rules).map(([name, n]) => `${name.padEnd(18)} ${n}`);
      if (liveness)
        lines.push(...Object.entries(liveness).map(([name, n]) => `${`liveness.${name}`.padEnd(18)} ${n}`));
      lines.push(...Object.entries(mail).map(([name, n]) => `${`mail.${name}`.padEnd(18)} ${n}`));
      print(lines.join('\n'));
    });

  root
    .command('stats')
    .description(
      'How many users, referrers, open requests, waiting requests (pending, nobody has them) and queued mails.',
    )
    .action(async () => {
      const { db } = await context();
      const figures = await stats(db);
      print(
        Object.entries(figures)
          .map(([name, n]) => `${name.padEnd(16)} ${n}`)
          .join('\n'),
      );
    });

  return root;
}

/**
 * Runs one command line (`npm run admin -- users show 42`) and answers its exit code. The database is opened
 * only by a command that needs it, so `--help` and bad arguments touch nothing.
 */
export async function runAdmin(
  argv: string[],
  context: () => Promise<AdminContext>,
  io: AdminIo,
): Promise<number> {
  try {
    await program(context, io).parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here too, with code 0; commander has said what was wrong.
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof UsageError) {
      io.err(err.message);
      return EXIT.usage;
    }
    if (err instanceof AppError) {
      io.err(err.message);
      // A value the service refused (400) or an id it does not know (404) is a bad argument; 409 is a refusal.
      return err.statusCode === 400 || err.statusCode === 404 ? EXIT.usage : EXIT.refused;
    }
    throw err;
  }
}
