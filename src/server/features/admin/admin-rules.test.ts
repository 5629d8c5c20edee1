import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_HOLD_NOTICES } from '../../../shared/referral-texts.js';
import type { Db } from '../../db/client.js';
import { adminAuditLog, companies, referralMessages, reports, users, type UserRow } from '../../db/schema.js';
import { openReferralWorld, type ReferralWorld } from '../../testing/referral-world.js';
import { rejection } from '../../testing/rejection.js';
import {
  mergeCompany as mergeCompanySince,
  NO_SUCH_COMPANY,
  updateEmailDomains as updateEmailDomainsSince,
} from './companies/companies.js';
import {
  messageReviewedMessage,
  NO_SUCH_HELD_MESSAGE,
  NO_SUCH_HELD_REQUEST,
  rejectHeldMessage,
  rejectHeldRequest,
  releaseHeldMessage,
  releaseHeldRequest,
  requestReviewedMessage,
  type HeldReview,
  THREAD_GONE,
} from './held/held.js';
import type { AccountControl, HeldReviewPorts } from './ports.js';
import { fileReport, NO_SUCH_REPORT, resolveOpenReport } from './reports/reports.js';
import { NO_SUCH_USER, suspendUser, suspensionMail, unsuspendUser, verifyUser } from './users/users.js';

/**
 * The admin services called directly on one bare in-memory database (referral-world.ts), with the other
 * features' ports faked so each call they get is seen: suspension, verification by hand, a company's email
 * domains and merge, reports, and the review of held requests and messages. Each checks the answer, the
 * rows and the audit entry. Fast enough for mutation testing; the *.test.ts files beside them walk the
 * same rules through HTTP.
 */

let w: ReferralWorld;
let db: Db;
let admin: UserRow;
const at = new Date('2026-03-02T10:00:00Z');
beforeAll(async () => {
  w = await openReferralWorld();
  db = w.database.db;
  admin = await w.user('Ada Admin', { email: 'ada@admin.example' });
});
afterAll(() => w.close());

async function auditOf(targetType: string, targetId: number) {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, targetId))
    .orderBy(asc(adminAuditLog.id));
  return rows
    .filter((row) => row.targetType === targetType)
    .map((row) => ({
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      reason: row.reason,
    }));
}

const byAdmin = (action: string, reason: string | null) => ({
  actorId: admin.id,
  actorEmail: 'ada@admin.example',
  action,
  reason,
});

function fakeControl(verifies = true) {
  const calls: string[] = [];
  const control: AccountControl = {
    endSessions: async (_tx, id) => void calls.push(`endSessions ${id}`),
    setAside: async (_tx, id) => calls.push(`setAside ${id}`),
    resume: async (_tx, id) => calls.push(`resume ${id}`),
    verifyByAdmin: async (_tx, id) => (calls.push(`verifyByAdmin ${id}`), verifies),
    unverifyByAdmin: async (_tx, id) => (calls.push(`unverifyByAdmin ${id}`), 'undone'),
    sessionsEnded: async (id) => calls.push(`sessionsEnded ${id}`),
    sendMail: async (_tx, mail) => calls.push(`mail ${mail.userId} ${mail.to}: ${mail.subject}`),
    publicUrl: 'https://referbridge.test',
  };
  return { control, calls };
}

describe('suspension and verification by hand', () => {
  it('suspends: marked with the reason, sessions ended, referrals set aside, audited, streams told', async () => {
    const user = await w.user('Sue Spended');
    const { control, calls } = fakeControl();
    const answer = await suspendUser(db, control, admin, user.id, { reason: 'Spam' }, at);
    expect(answer).toMatchObject({
      id: user.id,
      fullName: 'Sue Spended',
      suspendedAt: at.toISOString(),
      suspensionReason: 'Spam',
    });
    expect(calls).toEqual([
      `mail ${user.id} ${user.email}: Your ReferBridge account is suspended`,
      `endSessions ${user.id}`,
      `setAside ${user.id}`,
      `sessionsEnded ${user.id}`,
    ]);
    expect(await auditOf('user', user.id)).toEqual([byAdmin('user.suspend', 'Spam')]);

    const again = await rejection(suspendUser(db, control, admin, user.id, { reason: 'Again' }, at));
    expect([again.statusCode, again.message]).toEqual([409, 'This user is already suspended.']);
    expect(calls).toHaveLength(4);
  });

  it('refuses to suspend oneself, or nobody', async () => {
    const { control, calls } = fakeControl();
    const self = await rejection(suspendUser(db, control, admin, admin.id, { reason: 'x' }, at));
    expect([self.statusCode, self.message]).toEqual([409, 'You cannot suspend yourself: ask another admin.']);
    const nobody = await rejection(suspendUser(db, control, admin, 987654, { reason: 'x' }, at));
    expect([nobody.statusCode, nobody.message]).toEqual([404, NO_SUCH_USER]);
    expect(calls).toEqual([]);
    const [row] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.suspendedAt).toBeNull();
  });

  it('lifts a suspension: unmarked, their requests resumed, audited; twice is 409, nobody is 404', async () => {
    const user = await w.user('Una Suspended');
    const { control, calls } = fakeControl();
    await suspendUser(db, control, admin, user.id, { reason: 'Spam' }, at);
    calls.length = 0;
    const answer = await unsuspendUser(db, control, admin, user.id);
    expect([answer.id, answer.suspendedAt, answer.suspensionReason]).toEqual([user.id, null, null]);
    const lifted = [
      `mail ${user.id} ${user.email}: Your ReferBridge account is active again`,
      `resume ${user.id}`,
    ];
    expect(calls).toEqual(lifted);
    expect(await auditOf('user', user.id)).toEqual([
      byAdmin('user.suspend', 'Spam'),
      byAdmin('user.unsuspend', null),
    ]);
    const again = await rejection(unsuspendUser(db, control, admin, user.id));
    expect([again.statusCode, again.message]).toEqual([409, 'This user is not suspended.']);
    const nobody = await rejection(unsuspendUser(db, control, admin, 987654));
    expect([nobody.statusCode, nobody.message]).toEqual([404, NO_SUCH_USER]);
    expect(calls).toEqual(lifted);
  });

  it("tells the user by mail, by first name, without the admin's reason, and where to write or sign in", () => {
    const sue = { id: 7, email: 'sue@example.com', fullName: 'Sue Spended' };
    const suspended = suspensionMail(sue, 'suspended', 'https://referbridge.test');
    expect(suspended).toMatchObject({ userId: 7, to: 'sue@example.com' });
    expect(suspended.text).toMatch(
      /^Hello Sue,\n\nYour ReferBridge account has been suspended, so you cannot sign in/,
    );
    expect(suspended.text).toContain('If you think this is a mistake, write to support@referbridge.app.');
    const lifted = suspensionMail(sue, 'lifted', 'https://referbridge.test');
    expect(lifted.text).toContain('you can sign in again at https://referbridge.test/signin.');
  });

  it('verifies a referrer by hand, audited; a user who refers nowhere is 409, nobody is 404', async () => {
    const user = await w.user('Vera Ref');
    const yes = fakeControl(true);
    expect((await verifyUser(db, yes.control, admin, user.id)).id).toBe(user.id);
    expect(yes.calls).toEqual([`verifyByAdmin ${user.id}`]);
    expect(await auditOf('user', user.id)).toEqual([byAdmin('user.verify', null)]);

    const no = fakeControl(false);
    const refused = await rejection(verifyUser(db, no.control, admin, user.id));
    expect([refused.statusCode, refused.message]).toEqual([
      409,
      'This user does not refer at any company yet, so there is nothing to verify.',
    ]);
    const nobody = await rejection(verifyUser(db, no.control, admin, 987654));
    expect([nobody.statusCode, nobody.message]).toEqual([404, NO_SUCH_USER]);
    expect(await auditOf('user', user.id)).toHaveLength(1);
  });
});

describe('companies', () => {
  // Who counts as verified is not these rules' business: every verification counts.
  const EVER = new Date(0);
  const updateEmailDomains = (
    ...args: Parameters<typeof updateEmailDomainsSince> extends [...infer A, Date] ? A : never
  ) => updateEmailDomainsSince(...args, EVER);
  const mergeCompany = (
    ...args: Parameters<typeof mergeCompanySince> extends [...infer A, Date] ? A : never
  ) => mergeCompanySince(...args, EVER);
  const domainsOf = async (id: number) =>
    (await db.select().from(companies).where(eq(companies.id, id)))[0]?.emailDomains;

  it('sets the email domains, audited with the list or (none)', async () => {
    const company = await w.company();
    const answer = await updateEmailDomains(db, admin, company.id, {
      emailDomains: ['acme.example', 'acme.test'],
    });
    expect([answer.id, answer.emailDomains]).toEqual([company.id, ['acme.example', 'acme.test']]);
    await updateEmailDomains(db, admin, company.id, { emailDomains: [] });
    expect(await domainsOf(company.id)).toEqual([]);
    expect(await auditOf('company', company.id)).toEqual([
      byAdmin('company.email_domains', 'acme.example, acme.test'),
      byAdmin('company.email_domains', '(none)'),
    ]);
  });

  it('refuses public mail providers, naming them, and an unknown company', async () => {
    const company = await w.company();
    const one = await rejection(
      updateEmailDomains(db, admin, company.id, { emailDomains: ['acme.example', 'gmail.com'] }),
    );
    expect([one.statusCode, one.message, one.fieldErrors]).toEqual([
      400,
      'gmail.com gives mailboxes to anyone, so an address there cannot show that someone works at this company.',
      { emailDomains: ['gmail.com is a public mail provider.'] },
    ]);
    const two = await rejection(
      updateEmailDomains(db, admin, company.id, { emailDomains: ['gmail.com', 'outlook.com'] }),
    );
    expect(two.message).toBe(
      'gmail.com, outlook.com give mailboxes to anyone, so an address there cannot show that someone works at this company.',
    );
    const nobody = await rejection(updateEmailDomains(db, admin, 987654, { emailDomains: ['a.example'] }));
    expect([nobody.statusCode, nobody.message]).toEqual([404, NO_SUCH_COMPANY]);
    expect(await domainsOf(company.id)).toEqual([]);
    expect(await auditOf('company', company.id)).toEqual([]);
    expect(await auditOf('company', 987654)).toEqual([]);
  });

  function fakeLocks(builtIn: string[] = []) {
    const locked: string[][] = [];
    return {
      locked,
      locks: {
        lockNames: async (_tx: Db, names: string[]) => void locked.push(names),
        isBuiltIn: (name: string) => builtIn.includes(name),
      },
    };
  }

  it('merges a duplicate into another: both names locked, the duplicate gone, audited', async () => {
    const from = await w.company('dup.example');
    const into = await w.company('into.example');
    const { locks, locked } = fakeLocks();
    const answer = await mergeCompany(db, locks, admin, from.id, into.id);
    expect([answer.id, answer.name, answer.emailDomains]).toEqual([
      into.id,
      into.name,
      ['into.example', 'dup.example'],
    ]);
    expect(locked).toEqual([[from.name, into.name]]);
    expect(await db.select().from(companies).where(eq(companies.id, from.id))).toEqual([]);
    expect(await auditOf('company', into.id)).toEqual([
      byAdmin('company.merge', `${from.name} (#${from.id}) merged into ${into.name} (#${into.id})`),
    ]);
  });

  it('merges the other way round too (the rows are locked in id order)', async () => {
    const into = await w.company();
    const from = await w.company();
    const answer = await mergeCompany(db, fakeLocks().locks, admin, from.id, into.id);
    expect(answer.id).toBe(into.id);
    expect(await db.select().from(companies).where(eq(companies.id, from.id))).toEqual([]);
  });

  it('refuses itself, an unknown company on either side, and a built-in employer', async () => {
    const company = await w.company();
    const other = await w.company();
    const self = await rejection(mergeCompany(db, fakeLocks().locks, admin, company.id, company.id));
    expect([self.statusCode, self.message]).toEqual([400, 'A company cannot be merged into itself.']);
    const { locks, locked } = fakeLocks();
    const from = await rejection(mergeCompany(db, locks, admin, 987654, company.id));
    expect([from.statusCode, from.message]).toEqual([404, NO_SUCH_COMPANY]);
    expect(locked).toEqual([[company.name]]);
    const into = await rejection(mergeCompany(db, locks, admin, company.id, 987654));
    expect([into.statusCode, into.message]).toEqual([404, 'There is no company to merge into with that id.']);
    const [row] = await db.select().from(companies).where(eq(companies.id, company.id));
    const builtIn = await rejection(
      mergeCompany(db, fakeLocks([row!.normalizedName]).locks, admin, company.id, other.id),
    );
    expect([builtIn.statusCode, builtIn.message]).toEqual([
      409,
      `${company.name} is one of the built-in employers: merge the other company into it instead.`,
    ]);
    expect(await auditOf('company', other.id)).toEqual([]);
  });
});

describe('reports', () => {
  it('files a report about someone the reporter shares a request with, once while it is open', async () => {
    const reporter = await w.user('Rae Porter');
    const subject = await w.user('Sub Ject');
    const requestId = await w.ask(subject, (await w.company()).name);
    const asked: unknown[] = [];
    const shared = async (...args: unknown[]) => (asked.push(args), requestId);
    const report = await fileReport(db, shared, reporter, {
      subjectUserId: subject.id,
      reason: 'spam',
      note: 'Sent me ads',
    });
    expect(report).toMatchObject({
      subjectUserId: subject.id,
      requestId,
      reason: 'spam',
      note: 'Sent me ads',
      status: 'open',
    });
    expect(asked).toEqual([[reporter.id, subject.id, undefined]]);
    const [row] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect([row?.reporterId, row?.subjectId]).toEqual([reporter.id, subject.id]);

    const again = await rejection(
      fileReport(db, shared, reporter, { subjectUserId: subject.id, reason: 'other', note: 'Still' }),
    );
    expect([again.statusCode, again.message]).toEqual([
      409,
      'You already reported this user, and an admin has not looked at it yet.',
    ]);

    // The request named is the one asked about and kept.
    const other = await w.user('Oth Er');
    const named = await fileReport(db, shared, other, {
      subjectUserId: subject.id,
      requestId,
      reason: 'payment',
      note: '',
    });
    expect(asked.at(-1)).toEqual([other.id, subject.id, requestId]);
    expect(named.requestId).toBe(requestId);
  });

  it('refuses oneself, and anyone the reporter shares no request with', async () => {
    const reporter = await w.user('Rae Porter');
    const self = await rejection(
      fileReport(db, async () => 1, reporter, { subjectUserId: reporter.id, reason: 'spam', note: '' }),
    );
    expect([self.statusCode, self.message]).toEqual([400, 'You cannot report yourself.']);
    const stranger = await w.user('Stran Ger');
    const none = await rejection(
      fileReport(db, async () => null, reporter, { subjectUserId: stranger.id, reason: 'spam', note: '' }),
    );
    expect([none.statusCode, none.message]).toEqual([404, NO_SUCH_USER]);
    expect(await db.select().from(reports).where(eq(reports.reporterId, reporter.id))).toEqual([]);
  });

  it('resolves an open report once, audited with its action and note', async () => {
    const reporter = await w.user('Rae Porter');
    const subject = await w.user('Sub Ject');
    const [report] = await db
      .insert(reports)
      .values({ reporterId: reporter.id, subjectId: subject.id, reason: 'spam' })
      .returning();
    const resolved = await resolveOpenReport(
      db,
      admin,
      report!.id,
      { action: 'warned', note: 'Told off' },
      at,
    );
    expect([resolved.id, resolved.status]).toEqual([report!.id, 'resolved']);
    const [row] = await db.select().from(reports).where(eq(reports.id, report!.id));
    expect([row?.resolutionAction, row?.resolutionNote, row?.resolvedBy, row?.resolvedAt]).toEqual([
      'warned',
      'Told off',
      admin.id,
      at,
    ]);
    const again = await rejection(
      resolveOpenReport(db, admin, report!.id, { action: 'dismissed', note: '' }, at),
    );
    expect([again.statusCode, again.message]).toEqual([409, 'This report is already resolved.']);
    const nobody = await rejection(
      resolveOpenReport(db, admin, 987654, { action: 'dismissed', note: '' }, at),
    );
    expect([nobody.statusCode, nobody.message]).toEqual([404, NO_SUCH_REPORT]);
    expect(await auditOf('report', report!.id)).toEqual([byAdmin('report.warned', 'Told off')]);

    const [second] = await db
      .insert(reports)
      .values({ reporterId: subject.id, subjectId: reporter.id, reason: 'spam' })
      .returning();
    await resolveOpenReport(db, admin, second!.id, { action: 'dismissed', note: '' }, at);
    expect(await auditOf('report', second!.id)).toEqual([byAdmin('report.dismissed', null)]);
  });
});

describe('held requests and messages', () => {
  function fakePorts(outcome: 'assigned' | 'waiting' = 'waiting', delivers = true) {
    const calls: unknown[] = [];
    const ports: HeldReviewPorts = {
      matchReleasedRequest: async (_tx, id, when) => (calls.push(['match', id, when]), outcome),
      deliverReleasedMessage: async (_tx, id) => (calls.push(['deliver', id]), delivers),
      notify: async (_tx, notice) => calls.push(['notify', notice]),
    };
    return { ports, calls };
  }
  /** The review of Ada Admin at `at`, through these ports. */
  const by = (ports: HeldReviewPorts): HeldReview => ({ db, ports, admin, at });

  async function heldRequest() {
    const company = await w.company();
    const seeker = await w.user('Sam Seeker');
    const id = await w.ask(seeker, company.name, 'Engineer', 'I will pay $300 for a referral.');
    expect(await w.requestStatus(id)).toBe('held');
    return { id, seeker, company };
  }

  it('releases a held request: matched, the seeker told either way, audited with the note', async () => {
    for (const outcome of ['assigned', 'waiting'] as const) {
      const { id, seeker, company } = await heldRequest();
      const { ports, calls } = fakePorts(outcome);
      const released = await releaseHeldRequest(by(ports), id, { note: 'Fine' });
      expect([released.id, released.status, released.outcome, released.reviewedAt]).toEqual([
        id,
        'pending',
        outcome,
        at.toISOString(),
      ]);
      expect(calls).toEqual([
        ['match', id, at],
        [
          'notify',
          {
            userId: seeker.id,
            ...PAYMENT_HOLD_NOTICES.requestReleased('Engineer', company.name, outcome === 'assigned'),
            link: '/my-referrals',
          },
        ],
      ]);
      expect(await auditOf('referral_request', id)).toEqual([byAdmin('request.released', 'Fine')]);
    }
  });

  it('rejects a held request with the reason: final, the seeker told why, audited', async () => {
    const { id, seeker, company } = await heldRequest();
    const { ports, calls } = fakePorts();
    const rejected = await rejectHeldRequest(by(ports), id, { reason: 'Paid referral' });
    expect([rejected.status, rejected.rejectionReason, rejected.reviewedAt]).toEqual([
      'rejected',
      'Paid referral',
      at.toISOString(),
    ]);
    expect(calls).toEqual([
      [
        'notify',
        {
          userId: seeker.id,
          ...PAYMENT_HOLD_NOTICES.requestRejected('Engineer', company.name, 'Paid referral'),
          link: '/my-referrals',
        },
      ],
    ]);
    expect(await auditOf('referral_request', id)).toEqual([byAdmin('request.rejected', 'Paid referral')]);
  });

  it('answers 409 for a request reviewed or withdrawn, 404 for one never held', async () => {
    const released = await heldRequest();
    await releaseHeldRequest(by(fakePorts().ports), released.id, { note: null });
    const rejected = await heldRequest();
    await rejectHeldRequest(by(fakePorts().ports), rejected.id, { reason: 'No' });
    const { ports, calls } = fakePorts();
    for (const [id, message] of [
      [released.id, 'This request was already released.'],
      [rejected.id, 'This request was already rejected.'],
    ] as const) {
      const release = await rejection(releaseHeldRequest(by(ports), id, { note: null }));
      expect([release.statusCode, release.message]).toEqual([409, message]);
      const reject = await rejection(rejectHeldRequest(by(ports), id, { reason: 'x' }));
      expect([reject.statusCode, reject.message]).toEqual([409, message]);
    }
    const never = await w.ask(await w.user('Plain Seeker'), (await w.company()).name);
    for (const id of [never, 987654]) {
      const release = await rejection(releaseHeldRequest(by(ports), id, { note: null }));
      expect([release.statusCode, release.message]).toEqual([404, NO_SUCH_HELD_REQUEST]);
      const reject = await rejection(rejectHeldRequest(by(ports), id, { reason: 'x' }));
      expect([reject.statusCode, reject.message]).toEqual([404, NO_SUCH_HELD_REQUEST]);
    }
    expect(calls).toEqual([]);
    expect(requestReviewedMessage({ status: 'withdrawn', reviewedAt: null })).toBe(
      'Its seeker withdrew this request before it was reviewed.',
    );
    expect(messageReviewedMessage('rejected')).toBe('This message was already rejected.');
    expect(messageReviewedMessage('delivered')).toBe('This message was already delivered.');
  });

  /** A referral thread with one held message, from the seeker or the referrer. */
  async function heldMessage(from: 'seeker' | 'referrer') {
    const company = await w.company();
    const referrer = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name, 'Engineer');
    const referral = (await w.current(requestId))!;
    const [row] = await db
      .insert(referralMessages)
      .values({
        referralId: referral.id,
        authorId: from === 'seeker' ? seeker.id : referrer.id,
        body: 'What is your fee?',
        status: 'held',
        heldRule: 'fee',
      })
      .returning();
    return { id: row!.id, seeker, referrer, company };
  }

  it('releases a held message: delivered, audited; a thread gone is 409 and changes nothing', async () => {
    const { id } = await heldMessage('seeker');
    const { ports, calls } = fakePorts();
    const released = await releaseHeldMessage(by(ports), id, { note: 'Fine' });
    expect([released.id, released.status, released.reviewedAt]).toEqual([id, 'delivered', at.toISOString()]);
    expect(calls).toEqual([['deliver', id]]);
    expect(await auditOf('referral_message', id)).toEqual([byAdmin('message.released', 'Fine')]);

    const gone = await heldMessage('seeker');
    const refused = await rejection(
      releaseHeldMessage(by(fakePorts('waiting', false).ports), gone.id, { note: null }),
    );
    expect([refused.statusCode, refused.message]).toEqual([409, THREAD_GONE]);
    const [row] = await db.select().from(referralMessages).where(eq(referralMessages.id, gone.id));
    expect([row?.status, row?.reviewedAt]).toEqual(['held', null]);
    expect(await auditOf('referral_message', gone.id)).toEqual([]);
  });

  it("rejects a held message: its sender told why, on their own side's page, audited", async () => {
    for (const from of ['seeker', 'referrer'] as const) {
      const { id, seeker, referrer, company } = await heldMessage(from);
      const { ports, calls } = fakePorts();
      const rejected = await rejectHeldMessage(by(ports), id, { reason: 'Money' });
      expect([rejected.status, rejected.rejectionReason, rejected.reviewedAt]).toEqual([
        'rejected',
        'Money',
        at.toISOString(),
      ]);
      expect(calls).toEqual([
        [
          'notify',
          {
            userId: from === 'seeker' ? seeker.id : referrer.id,
            ...PAYMENT_HOLD_NOTICES.messageRejected('Engineer', company.name, 'Money'),
            link: from === 'seeker' ? '/my-referrals' : '/my-referrals?tab=incoming',
          },
        ],
      ]);
      expect(await auditOf('referral_message', id)).toEqual([byAdmin('message.rejected', 'Money')]);
    }
  });

  it('answers 409 for a message reviewed, 404 for one never held', async () => {
    const { id } = await heldMessage('seeker');
    await rejectHeldMessage(by(fakePorts().ports), id, { reason: 'No' });
    const { ports, calls } = fakePorts();
    const release = await rejection(releaseHeldMessage(by(ports), id, { note: null }));
    expect([release.statusCode, release.message]).toEqual([409, 'This message was already rejected.']);
    const reject = await rejection(rejectHeldMessage(by(ports), id, { reason: 'x' }));
    expect([reject.statusCode, reject.message]).toEqual([409, 'This message was already rejected.']);
    const plain = await heldMessage('seeker');
    await db
      .update(referralMessages)
      .set({ status: 'delivered', heldRule: null })
      .where(eq(referralMessages.id, plain.id));
    for (const missing of [plain.id, 987654]) {
      const a = await rejection(releaseHeldMessage(by(ports), missing, { note: null }));
      expect([a.statusCode, a.message]).toEqual([404, NO_SUCH_HELD_MESSAGE]);
      const b = await rejection(rejectHeldMessage(by(ports), missing, { reason: 'x' }));
      expect([b.statusCode, b.message]).toEqual([404, NO_SUCH_HELD_MESSAGE]);
    }
    expect(calls).toEqual([]);
  });
});
