import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod route schemas; browsable at /api/docs, raw at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, info: { title: string; version: string }) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${info.title} API`, version: info.version },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
