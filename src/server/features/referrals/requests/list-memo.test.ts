import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateReferralRequestResultSchema,
  ReferralRequestListSchema,
  type ReferralRequest,
} from '../../../../shared/referrals.js';
import { HIDDEN_EMPLOYER } from '../../../../shared/employer-privacy.js';
import { referrals } from '../../../db/schema.js';
import { keptCounts } from '../../../kept/counts.js';
import { announcedTables, tablesRead } from '../../../testing/kept-tables.js';
import { heldAnnouncements } from '../../../testing/held-announcements.js';
import { pdfBytes, uploadResume } from '../../../testing/profile-fixtures.js';
import { requestBody, signInReferrer } from '../../../testing/referral-fixtures.js';
import {
  type Browser,
  ORIGIN,
  createTestApp,
  sameBrowserOn,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../../testing/test-app.js';
import { readListPage } from './list-repo.js';

/** Verify mode would read afresh behind a stale answer and hide it. */
const NOT_VERIFIED = { KEPT_ANSWERS_VERIFY: '0' };

// The lists' first pages are kept per viewer until a change of anyone they show is heard
// (request-lists.ts, docs/decisions/089-request-lists-kept-until-their-people-change.md): the viewer's own
// write shows at their next read on the instance that made it; any other change, the app's or an operator's
// SQL, shows on every instance once the channel brings it. Verify mode is off here: it would hide a stale page.
describe.each(testDatabases)('request lists kept in memory (%s)', (kind) => {
  let t: TestApp;
  /** A second instance on the same database, as behind a load balancer. */
  let other: TestApp;
  /** What the first instance hears, held back at will. */
  const announcements = heldAnnouncements();
  beforeAll(async () => {
    t = await createTestApp(kind, { wrapListen: announcements.wrap }, NOT_VERIFIED);
    other = await createTestApp(kind, {}, NOT_VERIFIED, t);
  });
  afterAll(async () => {
    announcements.release();
    await other.close();
    await t.close();
  });

  const onOther = (user: SignedIn) => sameBrowserOn(other.app, user);
  const listOn = async (browser: Browser, query = ''): Promise<ReferralRequest[]> => {
    const res = await browser.request({ method: 'GET', url: `/api/referral-requests${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return ReferralRequestListSchema.parse(res.json());
  };
  /** The first card of the user's list on each instance (read twice: kept on both by then). */
  const firstCards = async (user: SignedIn, query = '') => {
    await listOn(user.browser, query);
    await listOn(onOther(user), query);
    return [(await listOn(user.browser, query))[0], (await listOn(onOther(user), query))[0]];
  };
  const hits = () => keptCounts().get('request lists')?.hits ?? 0;

  /** A seeker with one request held by a new referrer at Adobe (company 9), and the referral's id. */
  async function asked(name: string) {
    const referrer = await signInReferrer(t, `${name} Referrer`, 'Adobe');
    const seeker = await t.signIn(`${name} Seeker`);
    const res = await seeker.post('/api/referral-requests', requestBody({ companyId: 9 }));
    expect(res.statusCode, res.body).toBe(201);
    const requestId = CreateReferralRequestResultSchema.parse(res.json()).id;
    const [referral] = await t.database.db
      .select({ id: referrals.id, referrerId: referrals.referrerId })
      .from(referrals)
      .where(eq(referrals.requestId, requestId));
    expect(referral!.referrerId).toBe(referrer.user.id);
    return { referrer, seeker, requestId, referralId: referral!.id };
  }

  it('announces every change of each table a first page is read from', async () => {
    const { referrer, seeker } = await asked('Tab');
    const db = t.database.db;
    const read = [
      ...(await tablesRead(db, (logged) => readListPage(logged, 'seeker', seeker.user.id, { limit: 50 }))),
      ...(await tablesRead(db, (logged) =>
        readListPage(logged, 'referrer', referrer.user.id, { limit: 50 }),
      )),
    ];
    const tables = [...new Set(read)].sort();
    expect(tables).toEqual([
      'companies',
      'referral_requests',
      'referral_status_changes',
      'referrals',
      'resumes',
      'user_settings',
      'users',
    ]);
    expect(await announcedTables(db)).toEqual(expect.arrayContaining(tables));
  });

  it('answers a page again from memory, and a page view leaves it kept', async () => {
    const { seeker } = await asked('Kept');
    await listOn(seeker.browser);
    const before = hits();
    await listOn(seeker.browser);
    const view = await seeker.post('/api/activity', {
      category: 'navigation',
      action: 'page_view',
      details: { path: '/dashboard' },
    });
    expect(view.statusCode, view.body).toBeLessThan(300);
    await listOn(seeker.browser);
    expect(hits() - before).toBe(2);
  });

  it("shows the viewer's own write at their very next read on the instance that made it", async () => {
    const { referrer, seeker, referralId, requestId } = await asked('Own');
    expect((await listOn(referrer.browser, '?role=referrer'))[0]!.referral!.status).toBe('pending');
    expect((await listOn(seeker.browser))[0]!.status).toBe('pending');
    // Nothing is heard from the channel meanwhile: the write itself drops what the writer was shown.
    announcements.hold();
    try {
      const accepted = await referrer.put(`/api/referrals/${referralId}/status`, {
        status: 'accepted',
        feedback: '',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await listOn(referrer.browser, '?role=referrer'))[0]!.referral!.status).toBe('accepted');
      const withdrawn = await seeker.post(`/api/referral-requests/${requestId}/withdraw`, {});
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect((await listOn(seeker.browser))[0]!.status).toBe('withdrawn');
    } finally {
      announcements.release();
    }
    // Once heard, the other side's page shows it too.
    await expect
      .poll(async () => (await listOn(referrer.browser, '?role=referrer'))[0]!.referral!.status)
      .toBe('withdrawn');
  });

  it("shows a referrer's answer made on one instance in the seeker's page on both", async () => {
    const { referrer, seeker, referralId } = await asked('Both');
    const [here, there] = await firstCards(seeker);
    expect([here!.referral!.status, there!.referral!.status]).toEqual(['pending', 'pending']);
    const accepted = await onOther(referrer).request({
      method: 'PUT',
      url: `/api/referrals/${referralId}/status`,
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'accepted', feedback: 'Happy to' }),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await expect
      .poll(async () => (await firstCards(seeker)).map((card) => card!.referral!.status))
      .toEqual(['accepted', 'accepted']);
    expect((await listOn(seeker.browser))[0]!.timeline.map((entry) => entry.kind)).toEqual([
      'requested',
      'assigned',
      'accepted',
    ]);
  });

  it("shows an operator's SQL on anything a card shows, on both instances", async () => {
    const { referrer, seeker, referralId, requestId } = await asked('Sql');
    const db = t.database.db;
    const seekerCards = () => firstCards(seeker);
    const referrerCards = () => firstCards(referrer, '?role=referrer');
    await seekerCards();
    await referrerCards();

    // The referrer's name, on the seeker's card.
    await db.execute(sql`update users set full_name = 'Renamed Person' where id = ${referrer.user.id}`);
    await expect
      .poll(async () => (await seekerCards()).map((card) => card!.referral!.referrerFirstName))
      .toEqual(['Renamed', 'Renamed']);
    // The seeker's name, on the referrer's card.
    await db.execute(sql`update users set full_name = 'Sought Again' where id = ${seeker.user.id}`);
    await expect
      .poll(async () => (await referrerCards()).map((card) => card!.jobSeeker.fullName))
      .toEqual(['Sought Again', 'Sought Again']);
    // The company's name, on both sides' cards.
    await db.execute(sql`update companies set name = 'Adobe Renamed' where id = 9`);
    await expect
      .poll(async () => [
        ...(await seekerCards()).map((card) => card!.company.name),
        ...(await referrerCards()).map((card) => card!.company.name),
      ])
      .toEqual(['Adobe Renamed', 'Adobe Renamed', 'Adobe Renamed', 'Adobe Renamed']);
    await db.execute(sql`update companies set name = 'Adobe' where id = 9`);
    // A status change written by hand, on both sides' timelines.
    await db.execute(
      sql`insert into referral_status_changes (referral_id, status, note) values (${referralId}, 'accepted', 'By hand')`,
    );
    await expect
      .poll(async () => [
        ...(await seekerCards()).map((card) => card!.timeline.at(-1)?.note),
        ...(await referrerCards()).map((card) => card!.timeline.at(-1)?.note),
      ])
      .toEqual(['By hand', 'By hand', 'By hand', 'By hand']);
    // The request's own row and the referral's.
    await db.execute(sql`update referral_requests set position = 'Changed by hand' where id = ${requestId}`);
    await db.execute(sql`update referrals set feedback = 'Noted by hand' where id = ${referralId}`);
    await expect
      .poll(async () => [
        ...(await seekerCards()).map((card) => card!.position),
        ...(await referrerCards()).map((card) => card!.referral!.feedback),
      ])
      .toEqual(['Changed by hand', 'Changed by hand', 'Noted by hand', 'Noted by hand']);
  });

  it("shows the seeker's résumé and employer settings on the referrer's card", async () => {
    const { referrer, seeker } = await asked('Setting');
    const referrerCards = () => firstCards(referrer, '?role=referrer');
    expect((await referrerCards()).map((card) => card!.resumeLink)).toEqual([null, null]);
    // Uploaded by the seeker: both instances drop the referrer's page, which shows them.
    const upload = await uploadResume(seeker, pdfBytes('kept lists'));
    expect(upload.statusCode, upload.body).toBe(201);
    const resumeId = (upload.json() as { id: number }).id;
    await expect
      .poll(async () => (await referrerCards()).map((card) => card!.resumeLink))
      .toEqual([`/api/resumes/${resumeId}/file`, `/api/resumes/${resumeId}/file`]);
    await t.database.db.execute(
      sql`update users set current_company_name = 'Hidden Corp' where id = ${seeker.user.id}`,
    );
    await expect
      .poll(async () => (await referrerCards()).map((card) => card!.jobSeeker.currentEmployer))
      .toEqual(['Hidden Corp', 'Hidden Corp']);
    await t.database.db.execute(
      sql`insert into user_settings (user_id, show_current_employer) values (${seeker.user.id}, false)
          on conflict (user_id) do update set show_current_employer = false`,
    );
    await expect
      .poll(async () => (await referrerCards()).map((card) => card!.jobSeeker.currentEmployer))
      .toEqual([HIDDEN_EMPLOYER, HIDDEN_EMPLOYER]);
  });

  // A page is kept only while the channel is heard: what is written while nobody listens is never announced.
  if (kind === 'postgres')
    it('reads what was written while its listening connection was killed', async () => {
      const { seeker, referralId } = await asked('Deaf');
      expect((await listOn(seeker.browser))[0]!.referral!.feedback).toBeNull();
      expect((await listOn(seeker.browser))[0]!.referral!.feedback).toBeNull();
      const admin = new pg.Client({ connectionString: t.database.url });
      await admin.connect();
      try {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query like 'LISTEN "referbridge_notifications"%'`,
        );
        await t.database.db.execute(sql`update referrals set feedback = 'Missed' where id = ${referralId}`);
        await expect.poll(async () => (await listOn(seeker.browser))[0]!.referral!.feedback).toBe('Missed');
      } finally {
        await admin.end();
      }
    });
});
