import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { refusesTokens } from '../modules/tokens';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route?: { config?: { auth?: string; tokens?: 'forbidden' } };
};

/**
 * The contract's schemas as OpenAPI, and who may call each operation (DESIGN §16): public routes
 * need nothing; the others take the session's bearer token, and those that personal access tokens
 * may call also `apiToken` (the routes of modules/tokens/token-policy.ts never do).
 */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const config = input.route?.config;
  if (!input.url.startsWith('/api/v1/') || !config?.auth) return out;
  const path = input.url.slice('/api/v1'.length);
  const security =
    config.auth === 'none'
      ? []
      : refusesTokens(path, config)
        ? [{ bearerAuth: [] }]
        : [{ bearerAuth: [] }, { apiToken: [] }];
  return { ...out, schema: { ...out.schema, security } };
}

/** OpenAPI generated from the contract's zod schemas; reference UI at /api/docs. */
export const swaggerPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'DevMarket API',
          version: '1.0.0',
          description:
            "Marketplace API: accounts, projects, tasks, messages and USDT payments. Authenticate with `Authorization: Bearer <accessToken>` (a session), or with a personal access token `Authorization: Bearer dm_pat_…` on the operations that list `apiToken`: a read token may only GET; no token may move money, change the account's security or call staff routes. See docs/api.md.",
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'The access token of a session (sign-in).' },
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'dm_pat_<40 letters and digits>',
              description:
                'A personal access token from /account (POST /user/tokens). Scope `read`: GET and HEAD only; `write`: every method. Refused (403) on money, security and staff routes.',
            },
          },
        },
        security: [{ bearerAuth: [] }],
      },
      transform: transform as typeof jsonSchemaTransform,
    });
    app.get('/api/v1/openapi.json', { schema: { hide: true }, config: { auth: 'none' } }, async () => app.swagger());
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: true,
    });
  },
  { name: 'swagger' },
);
