import type { AdminCompany, CompanyEmailDomainsInputSchema } from '../../../../shared/admin.js';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { isFreeMail } from '../../../lib/free-mail.js';
import { recordAdminAction, type AdminActor } from '../audit-repo.js';
import type { CompanyLocks } from '../ports.js';
import {
  type DomainClash,
  findAdminCompany,
  findDomainClash,
  lockCompany,
  mergeCompanyRows,
  setEmailDomains,
} from './companies-repo.js';

export const NO_SUCH_COMPANY = 'There is no such company.';

async function answer(db: Db, id: number, verifiedSince: Date): Promise<AdminCompany> {
  const company = await findAdminCompany(db, id, verifiedSince);
  if (!company) throw notFound(NO_SUCH_COMPANY);
  return company;
}

/** Why a domain cannot verify this company: another one's already does (issue 46). */
export function clashSentence({ mine, theirs, name }: DomainClash): string {
  if (mine === theirs) return `${mine} already verifies ${name}.`;
  const relation = mine.endsWith(`.${theirs}`) ? 'is within' : 'takes in';
  return `${mine} ${relation} ${theirs}, which already verifies ${name}.`;
}

/**
 * PUT /api/admin/companies/{id} (issue 25 item 5): the email domains that verify its employees. A public
 * mail provider's domain is refused: an address there says nothing about where its owner works. A domain
 * another company's verifies (the same, inside or around it) is refused with 409 naming that company, and
 * the database refuses it too (drizzle/0034_company_domains_one_owner.sql). Referrers
 * verified already stay so until their verification lapses; new ones verify against the new list.
 */
export async function updateEmailDomains(
  db: Db,
  admin: AdminActor,
  id: number,
  input: z.output<typeof CompanyEmailDomainsInputSchema>,
  verifiedSince: Date,
): Promise<AdminCompany> {
  const freeMail = input.emailDomains.filter((domain) => isFreeMail(domain));
  if (freeMail.length > 0) {
    throw badRequest(
      `${freeMail.join(', ')} ${freeMail.length === 1 ? 'gives' : 'give'} mailboxes to anyone, so an address there cannot show that someone works at this company.`,
      { emailDomains: freeMail.map((domain) => `${domain} is a public mail provider.`) },
    );
  }
  await db.transaction(async (tx) => {
    const company = await lockCompany(tx, id);
    if (!company) throw notFound(NO_SUCH_COMPANY);
    const clash = await findDomainClash(tx, id, input.emailDomains);
    if (clash) {
      const sentence = clashSentence(clash);
      throw new AppError(409, sentence, { emailDomains: [sentence] });
    }
    await setEmailDomains(tx, id, input.emailDomains);
    await recordAdminAction(tx, {
      actor: admin,
      action: 'company.email_domains',
      targetType: 'company',
      targetId: id,
      reason: input.emailDomains.length > 0 ? input.emailDomains.join(', ') : '(none)',
    });
  });
  return answer(db, id, verifiedSince);
}

/**
 * POST /api/admin/companies/{id}/merge: folds a duplicate into another company in one transaction. Both
 * names are locked the way every change of who names a company is (so nobody names the duplicate while it
 * goes), then both rows, in id order.
 */
export async function mergeCompany(
  db: Db,
  locks: CompanyLocks,
  admin: AdminActor,
  id: number,
  intoId: number,
  verifiedSince: Date,
): Promise<AdminCompany> {
  if (id === intoId) throw badRequest('A company cannot be merged into itself.');
  await db.transaction(async (tx) => {
    // One after the other: a transaction is one connection, which runs one query at a time.
    const names = [
      await findAdminCompany(tx, id, verifiedSince),
      await findAdminCompany(tx, intoId, verifiedSince),
    ];
    await locks.lockNames(
      tx,
      names.flatMap((c) => (c ? [c.name] : [])),
    );
    const [first, second] = id < intoId ? [id, intoId] : [intoId, id];
    const locked = new Map([
      [first, await lockCompany(tx, first)],
      [second, await lockCompany(tx, second)],
    ]);
    const from = locked.get(id);
    const into = locked.get(intoId);
    if (!from) throw notFound(NO_SUCH_COMPANY);
    if (!into) throw notFound('There is no company to merge into with that id.');
    if (locks.isBuiltIn(from.normalizedName)) {
      throw conflict(
        `${from.name} is one of the built-in employers: merge the other company into it instead.`,
      );
    }
    await mergeCompanyRows(tx, from, into);
    await recordAdminAction(tx, {
      actor: admin,
      action: 'company.merge',
      targetType: 'company',
      targetId: intoId,
      reason: `${from.name} (#${from.id}) merged into ${into.name} (#${into.id})`,
    });
  });
  return answer(db, intoId, verifiedSince);
}
