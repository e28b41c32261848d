import type { SwaggerCustomOptions } from '@nestjs/swagger';

/** What Swagger UI hands a `responseInterceptor` (the fields read here). */
interface SwaggerUiResponse {
  url: string;
  status: number;
  body?: unknown;
  text?: unknown;
}

/**
 * Swagger UI's `responseInterceptor`: a 200 from `POST /signin` or `POST /signin/refresh`
 * authorizes the page with the `accessToken` it answers, so a person trying the API signs in once
 * and runs the other operations without copying the token into **Authorize**. The token is
 * persisted like one entered by hand (`persistAuthorization`), so it survives a reload.
 *
 * It runs in the browser: @nestjs/swagger writes it into the page with `Function#toString`, so it
 * may use nothing but its argument and the page's `window.ui` (no imports, no module constants;
 * `bearer` is the name of the security scheme declared in swagger.ts).
 */
export function authorizeFromSignIn(response: SwaggerUiResponse): SwaggerUiResponse {
  const page = globalThis as unknown as {
    ui?: {
      preauthorizeApiKey(scheme: string, value: string): void;
      authActions: { persistAuthorizationIfNeeded(): void };
    };
  };
  let body = response.body;
  if (body === undefined && typeof response.text === 'string') {
    try {
      body = JSON.parse(response.text);
    } catch {
      body = undefined;
    }
  }
  const token = (body as { accessToken?: unknown } | null | undefined)?.accessToken;
  const signedIn =
    response.status === 200 && /\/signin(\/refresh)?$/.test(new URL(response.url, 'http://page').pathname);
  if (signedIn && typeof token === 'string' && page.ui) {
    page.ui.preauthorizeApiKey('bearer', token);
    page.ui.authActions.persistAuthorizationIfNeeded();
  }
  return response;
}

/** What Swagger UI hands a filter: the operations by tag (an Immutable.js map). */
interface TaggedOperations {
  filter(keep: (operations: unknown, tag: string) => boolean): TaggedOperations;
}

/**
 * Swagger UI's plugins, in place of its default list (which @nestjs/swagger's options replace):
 * the default `DownloadUrl`, and a filter box that ignores case (Swagger UI's own compares the
 * tag as typed, so "legal" would not find "Legal records"). Runs in the browser like
 * {@link authorizeFromSignIn}: nothing but its argument and the page's globals.
 */
export function swaggerUiPlugins(): unknown[] {
  const page = globalThis as unknown as { SwaggerUIBundle: { plugins: { DownloadUrl: unknown } } };
  const caseInsensitiveFilter = {
    fn: {
      opsFilter: (taggedOperations: TaggedOperations, phrase: string) =>
        taggedOperations.filter((_operations, tag) => tag.toLowerCase().includes(phrase.toLowerCase())),
    },
  };
  return [page.SwaggerUIBundle.plugins.DownloadUrl, caseInsensitiveFilter];
}

/** Swagger UI at /docs: try-it-out on, authorization kept across reloads, a filter box over the tags. */
export const SWAGGER_UI_OPTIONS: SwaggerCustomOptions = {
  jsonDocumentUrl: 'docs-json',
  customSiteTitle: 'Screening API docs',
  swaggerOptions: {
    persistAuthorization: true,
    tryItOutEnabled: true,
    displayOperationId: true,
    filter: true,
    plugins: [swaggerUiPlugins],
    responseInterceptor: authorizeFromSignIn,
  },
};
