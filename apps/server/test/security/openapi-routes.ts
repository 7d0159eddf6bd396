import type { FastifyInstance } from 'fastify';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
};

export type RouteInfo = {
  method: string;
  /** OpenAPI path with {params}. */
  path: string;
  bodySchema?: JsonSchema;
  hasMultipart: boolean;
  /** Names of the query-string parameters. */
  query: string[];
};

/** Every operation of the app's own OpenAPI document. */
export async function listRoutes(app: FastifyInstance): Promise<RouteInfo[]> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  const doc = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          parameters?: { in: string; name: string }[];
        }
      >
    >;
  };
  const routes: RouteInfo[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase(),
        path,
        bodySchema: content['application/json']?.schema,
        hasMultipart: Boolean(content['multipart/form-data']),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return routes;
}

/** Fills {params} with the given values or a random id. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '00000000-0000-4000-8000-000000000000');
}
