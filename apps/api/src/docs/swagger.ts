import { INestApplication } from '@nestjs/common';
import { ApiExtension, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PUBLIC_EXTENSION } from '../auth/auth-user';
import { addEventSchemas } from '../events/event-envelope.docs';
import { SWAGGER_UI_OPTIONS } from './swagger-ui';
import { API_TAGS } from './tags';

const CSV_BODY_EXTENSION = 'x-csv-body';

/** The request body may also be `text/csv`: the document shows it as a string with this example. */
export const ApiCsvBody = (example: string) => ApiExtension(CSV_BODY_EXTENSION, example);

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Candidate Screening and Legal Records API')
    .setDescription(
      'Sign in with `POST /signin` (the example uses the demo account): on this page a successful sign-in ' +
        'authorizes every other operation, and stays across reloads. From code, send ' +
        '`Authorization: Bearer <accessToken>`. Every non-2xx answer has the body `{ code, message, errors? }`; ' +
        'a 401 is exactly `{ message, code: 401 }`.',
    )
    .setVersion('1.0.0')
    .setContact('API support', 'https://screening.example.com/support', 'api-support@screening.example.com')
    .setLicense(
      'Proprietary: licensed to our customers under their service agreement',
      'https://screening.example.com/terms',
    )
    .addServer('/', 'This server')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addSecurityRequirements('bearer');
  for (const tag of API_TAGS) config.addTag(tag.name, tag.description);
  const document = SwaggerModule.createDocument(app, config.build(), {
    operationIdFactory: (_controller, method) => method,
  });
  // Public operations (sign-in, health) need no bearer token: say so with `security: []`; a CSV
  // body gets its own schema.
  for (const methods of Object.values(document.paths)) {
    for (const operation of Object.values(methods) as Array<Record<string, unknown>>) {
      if (operation && typeof operation === 'object' && operation[PUBLIC_EXTENSION]) {
        delete operation[PUBLIC_EXTENSION];
        operation.security = [];
      }
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

/** Swagger UI at /docs and the OpenAPI JSON at /docs-json (CONTRACT 1). */
export function mountSwagger(app: INestApplication): OpenAPIObject {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, SWAGGER_UI_OPTIONS);
  return document;
}
