import { ApiErrorSchema } from '../../../shared/errors.js';

/** What every /api/admin route declares in its schema: its tag, and the refusals it may answer. */
export const tags = ['admin'];
export const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
