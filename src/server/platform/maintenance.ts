import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiError } from '../errors';
import { platformSettings } from './settings';
import type { DB } from '../../../generated/db/database.gen';

/**
 * While maintenance is on, every signed-in call but a super admin's answers 503 maintenance: the
 * server enforces what the app's redirect to /maintenance shows. The signed-in (real) user counts,
 * so a super admin impersonating a customer can still check the shop. Public routes never get here.
 */
export async function assertNotInMaintenance(request: FastifyRequest, db: Kysely<DB>): Promise<void> {
  if (request.auth?.realUser.userType === 1) return;
  if ((await platformSettings(db)).maintenance) throw new ApiError('maintenance');
}
