import { refusals, routeSchemas } from '../../lib/route-schema.js';

/** What every /api/admin route declares in its schema: its tag, and the refusals it may answer. */
export const tags = ['admin'];
export const errors = refusals(400, 401, 404, 409);
/** An /api/admin route answering 200 or one of those refusals (lib/route-schema.ts). */
export const route = routeSchemas(tags, errors);
