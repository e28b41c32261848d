import { spawn } from 'node:child_process';
import type { Response } from 'supertest';
import { api, Session } from './helpers';

/**
 * Reads a PDF's text with pdf-parse in a plain Node child process: pdf-parse starts pdf.js's worker
 * with a dynamic import, which Jest's module system cannot run (it would need
 * --experimental-vm-modules). The child gets the PDF on stdin and prints `{ text, pages, pageTexts }`
 * (`pageTexts[0]` is the text of page 1).
 */
const READER = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const result = await parser.getText();
  await parser.destroy();
  process.stdout.write(
    JSON.stringify({ text: result.text, pages: result.total, pageTexts: result.pages.map((p) => p.text) }),
  );
});`;

export function pdfText(pdf: Uint8Array): Promise<{ text: string; pages: number; pageTexts: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', READER], { cwd: __dirname });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`pdf-parse failed (${code}): ${err}`)),
    );
    child.stdin.end(Buffer.from(pdf));
  });
}

/** supertest's parser for a binary answer (a PDF): the body is the bytes, whole. */
export function binaryBody(response: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

/** A request's report as `session` downloads it (200 asserted), as text with its spacing folded. */
export async function reportText(session: Session, uuid: string): Promise<string> {
  const report = await api()
    .get(`/candidate-requests/${uuid}/report`)
    .set(session.auth)
    .buffer(true)
    .parse(binaryBody)
    .expect(200);
  return (await pdfText(report.body as Buffer)).text.replace(/\s+/g, ' ');
}
