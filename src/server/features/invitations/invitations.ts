import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { inviteApiRoutes, joinPageRoutes, takeInvitation } from './routes.js';
import { tellInviter, type InvitationPorts } from './service.js';

export interface InvitationCollaborators extends InvitationPorts {
  db: Db;
  /** The clock invitations are dated by (tests move it); the wall clock by default. */
  now?: () => Date;
}

/**
 * Invitations (issue 49 item 3, docs/decisions/080-an-invitation-counts-once.md): the routes; `afterSignIn`,
 * the auth feature's hook that counts a new account made through an invitation; and `becameReferrer`, the
 * referrals feature's hook that tells the inviter.
 */
export function createInvitations(
  config: Config,
  { db, now = () => new Date(), ...ports }: InvitationCollaborators,
) {
  return {
    afterSignIn: takeInvitation(db, now),
    becameReferrer: (tx: Db, userId: number, companyId: number) =>
      tellInviter(tx, ports, userId, companyId, now()),
    routes: async (app: FastifyInstance) => {
      await app.register(inviteApiRoutes, { prefix: '/api', db, config, now });
      await app.register(joinPageRoutes, { db, config, now });
    },
  };
}
