/**
 * A small reader of `.http` files (the REST Client / JetBrains format we ship for QA): requests
 * separated by `###`, `# @name`, `# @expect`, file variables `@name = value`, and references to
 * earlier answers `{{request.response.body.some.path}}`.
 */
export interface HttpFileRequest {
  name: string;
  expect?: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export function parseHttpFile(text: string): {
  variables: Record<string, string>;
  requests: HttpFileRequest[];
} {
  const variables: Record<string, string> = {};
  const requests: HttpFileRequest[] = [];
  const blocks = text.split(/^###.*$/m);
  for (const [index, block] of blocks.entries()) {
    const lines = block.split('\n');
    let name = `request${index}`;
    let expect: number | undefined;
    let i = 0;
    let requestLine: string | undefined;
    for (; i < lines.length; i++) {
      const line = lines[i].trim();
      const variable = /^@(\w+)\s*=\s*(.+)$/.exec(line);
      if (variable) variables[variable[1]] = variable[2].trim();
      else if (/^#\s*@name\s+/.test(line)) name = line.replace(/^#\s*@name\s+/, '').trim();
      else if (/^#\s*@expect\s+/.test(line)) expect = Number(line.replace(/^#\s*@expect\s+/, ''));
      else if (/^(GET|POST|PUT|PATCH|DELETE)\s+/.test(line)) {
        requestLine = line;
        i++;
        break;
      }
    }
    if (!requestLine) continue;
    const headers: Record<string, string> = {};
    for (; i < lines.length && lines[i].trim() !== ''; i++) {
      const [key, ...rest] = lines[i].split(':');
      headers[key.trim()] = rest.join(':').trim();
    }
    const body = lines.slice(i).join('\n').trim();
    const [method, url] = requestLine.split(/\s+/);
    requests.push({ name, expect, method, url, headers, body: body || undefined });
  }
  return { variables, requests };
}

/** Replaces `{{var}}` and `{{name.response.body.a.b.0.c}}` from variables and earlier answers. */
export function substitute(
  text: string,
  variables: Record<string, string>,
  answers: Record<string, { body: unknown }>,
): string {
  return text.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (_match, expression: string) => {
    if (expression in variables) return variables[expression];
    const [request, kind, part, ...path] = expression.split('.');
    if (kind !== 'response' || part !== 'body' || !answers[request])
      throw new Error(`Unresolved {{${expression}}}`);
    let value: unknown = answers[request].body;
    for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
    if (value === undefined) throw new Error(`{{${expression}}} is undefined`);
    return String(value);
  });
}
