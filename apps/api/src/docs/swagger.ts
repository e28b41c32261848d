import { INestApplication } from '@nestjs/common';
import { ApiExtension, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { roleRefusal } from '@app/domain';
import { PUBLIC_EXTENSION } from '../auth/auth-user';
import { MINIMUM_ROLE_EXTENSION } from '../auth/roles.guard';
import { addEventSchemas } from '../events/event-envelope.docs';
import { SWAGGER_UI_OPTIONS } from './swagger-ui';
import { API_TAGS } from './tags';

const CSV_BODY_EXTENSION = 'x-csv-body';

/** docs/integrators.md: every answer carries the request id; the document says so once and refers to it. */
const REQUEST_ID_RESPONSE_HEADER = {
  description:
    'The id of this request: the `X-Request-Id` the caller sent (1 to 128 visible ASCII characters), ' +
    'otherwise a new UUID. The api logs it with the request; quote it to support.',
  schema: { type: 'string', minLength: 1, maxLength: 128, example: '5f0c6a55-2b1e-4a4c-9a4e-0c7d2f8a1b3e' },
};

/** The request body may also be `text/csv`: the document shows it as a string with this example. */
export const ApiCsvBody = (example: string) => ApiExtension(CSV_BODY_EXTENSION, example);

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Candidate Screening and Legal Records API')
    .setDescription(
      'Sign in with `POST /signin` (the example uses the demo account): on this page a successful sign-in ' +
        'authorizes every other operation, and stays across reloads. From code, send ' +
        '`Authorization: Bearer <accessToken>`. Every non-2xx answer has the body `{ code, message, errors? }`; ' +
        'a 401 is exactly `{ message, code: 401 }`. Every answer carries an `X-Request-Id` header: the one you sent ' +
        '(1 to 128 visible ASCII characters) or a new one.',
    )
    .setVersion('1.0.0')
    .setContact('API support', 'https://screening.example.com/support', 'api-support@screening.example.com')
    .setLicense(
      'Proprietary: licensed to our customers under their service agreement',
      'https://screening.example.com/terms',
    )
    .addServer('/', 'This server')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT or API key',
        description:
          'The `accessToken` of `POST /signin`, or an API key (`sk_...`, `POST /api-keys`), which acts for its client with its role.',
      },
      'bearer',
    )
    .addSecurityRequirements('bearer');
  for (const tag of API_TAGS) config.addTag(tag.name, tag.description);
  const document = SwaggerModule.createDocument(app, config.build(), {
    operationIdFactory: (_controller, method) => method,
  });
  // Public operations (sign-in, health) need no bearer token: say so with `security: []`; a CSV
  // body gets its own schema; every response names the request id header.
  document.components = {
    ...document.components,
    headers: { ...document.components?.headers, 'X-Request-Id': REQUEST_ID_RESPONSE_HEADER },
  };
  for (const methods of Object.values(document.paths)) {
    for (const operation of Object.values(methods) as Array<Record<string, unknown>>) {
      if (operation && typeof operation === 'object' && operation.responses)
        for (const response of Object.values(operation.responses as Record<string, { headers?: object }>))
          response.headers = {
            ...response.headers,
            'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
          };
      if (operation && typeof operation === 'object' && operation[PUBLIC_EXTENSION]) {
        delete operation[PUBLIC_EXTENSION];
        operation.security = [];
      }
      if (operation && typeof operation === 'object' && operation[MINIMUM_ROLE_EXTENSION])
        describeMinimumRole(operation);
      if (operation && typeof operation === 'object' && operation[CSV_BODY_EXTENSION]) {
        const content = (operation.requestBody as { content: Record<string, unknown> }).content;
        content['text/csv'] = { schema: { type: 'string' }, example: operation[CSV_BODY_EXTENSION] };
        delete operation[CSV_BODY_EXTENSION];
      }
    }
  }
  addEventSchemas(document);
  return document;
}

/**
 * The role an operation needs, where a reader of Swagger UI looks: the operation's text says
 * "Rol mínimo: analyst" (the extension `x-minimum-role` stays for generated clients), and its
 * responses include the 403 of a role that does not reach it.
 */
function describeMinimumRole(operation: Record<string, unknown>): void {
  const role = operation[MINIMUM_ROLE_EXTENSION] as 'viewer' | 'analyst' | 'admin';
  const line = `Rol mínimo: ${role}`;
  operation.description = operation.description ? `${String(operation.description)}\n\n${line}` : line;
  const responses = operation.responses as Record<string, unknown>;
  if (role !== 'viewer' && !responses['403'])
    responses['403'] = {
      description: `The caller's role is below ${role}`,
      headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ApiErrorDto' },
          example: { code: 403, message: roleRefusal(role, role === 'admin' ? 'analyst' : 'viewer').message },
        },
      },
    };
}

/** Swagger UI's page and files (`/docs`, `/docs/*`): not API routes. The document, /docs-json, is. */
export function isDocsRoute(route: string): boolean {
  return route === '/docs' || route.startsWith('/docs/');
}

/** Swagger UI at /docs and the OpenAPI JSON at /docs-json (docs/behaviour.md). */
export function mountSwagger(app: INestApplication): OpenAPIObject {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, SWAGGER_UI_OPTIONS);
  return document;
}
