import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../../shared/brand.js';

interface Spec {
  paths?: Record<string, unknown>;
}

/**
 * OpenAPI generated from the routes' zod schemas, browsable at /api/docs. Paths `hiddenPrefix` names (the
 * admins' routes) are listed only to whom `showsHidden` says; everyone else reads the API without them, as
 * those routes answer them as unknown endpoints (issue 46).
 */
export async function registerDocs(
  app: FastifyInstance,
  { hiddenPrefix, showsHidden }: { hiddenPrefix: string; showsHidden: (request: FastifyRequest) => boolean },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // A copy of the document for each request (the plugin's default), so removing paths changes no one else's.
    transformSpecification: (spec: Spec, request) => {
      if (showsHidden(request) || !spec.paths) return spec;
      for (const path of Object.keys(spec.paths)) {
        if (path === hiddenPrefix || path.startsWith(`${hiddenPrefix}/`)) delete spec.paths[path];
      }
      return spec;
    },
  });
}
