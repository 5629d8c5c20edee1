import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../../shared/brand.js';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
