import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAuditPageSchema } from '../../../shared/admin.js';
import { AuthStatusSchema } from '../../../shared/auth.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import { recordAdminAction } from './audit-repo.js';

/** Issue 25 item 1: who is an admin, the guard on /api/admin/…, and the audit log. */
describe.each(testDatabases)('admins (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { ADMIN_EMAILS: 'Root@Example.com, second@example.com' });
    admin = await t.signIn('Root Admin', 'root@example.com');
    user = await t.signIn('Una User', 'una@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const status = async (who: SignedIn) => AuthStatusSchema.parse((await who.get('/auth/status')).json());

  it('says isAdmin in /auth/status for a sign-in email on ADMIN_EMAILS, whatever its case', async () => {
    expect(await status(admin)).toMatchObject({ isAuthenticated: true, isAdmin: true });
    expect(await status(user)).toMatchObject({ isAuthenticated: true, isAdmin: false });
    const visitor = await t.app.inject({ method: 'GET', url: '/auth/status' });
    expect(visitor.json()).toMatchObject({ isAuthenticated: false, isAdmin: false });
  });

  it('lets nobody become one through the API: no route writes the sign-in email', async () => {
    const res = await user.put(`/api/users/${user.user.id}`, {
      fullName: 'Una User',
      email: 'root@example.com',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await status(user)).toMatchObject({ isAdmin: false, user: { email: 'una@example.com' } });
  });

  it('answers visitors and other users the 404 of an unknown endpoint', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/audit' });
    expect(visitor.statusCode).toBe(404);
    const denied = await user.get('/api/admin/audit');
    const unknown = await user.get('/api/admin/nothing-here');
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ error: 'No such endpoint: GET /api/admin/audit' });
    expect(unknown.statusCode).toBe(404);
    // A wrong query does not reveal the route either: the guard runs before validation.
    expect((await user.get('/api/admin/audit?limit=zero')).statusCode).toBe(404);
  });

  it('lists the audit log newest first, a page at a time', async () => {
    for (const [action, targetId] of [
      ['user.suspend', user.user.id],
      ['user.unsuspend', user.user.id],
      ['company.domains', 1],
    ] as const) {
      await recordAdminAction(t.database.db, {
        actor: { id: admin.user.id, email: 'root@example.com' },
        action,
        targetType: action.split('.')[0]!,
        targetId,
        reason: action === 'user.suspend' ? 'Spam reports' : null,
      });
    }
    const res = await admin.get('/api/admin/audit?limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const first = AdminAuditPageSchema.parse(res.json());
    expect(first.map((e) => e.action)).toEqual(['company.domains', 'user.unsuspend']);
    expect(first[0]).toMatchObject({ actorId: admin.user.id, actorEmail: 'root@example.com', targetId: 1 });
    const next = AdminAuditPageSchema.parse(
      (await admin.get(`/api/admin/audit?limit=2&before=${first[1]!.id}`)).json(),
    );
    expect(next).toMatchObject([{ action: 'user.suspend', reason: 'Spam reports', targetType: 'user' }]);
    const bad = await admin.get('/api/admin/audit?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^The limit must be a whole number from 1 to 100\./);
  });
});
