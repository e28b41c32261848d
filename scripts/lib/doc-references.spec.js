'use strict';
// Comments cite the project's docs by file and section: `(docs/privacy.md, "Recording a request")`.
// A section renamed or moved leaves such a citation pointing nowhere, and nothing else notices: this
// spec reads every citation in the source and checks that its document has a heading, or a bold
// run-in label (`**Logs.**`), that starts with the cited words.
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '../..');
const SOURCE_DIRS = ['apps', 'libs', 'scripts', 'test', 'docker'];
const SKIPPED = new Set(['node_modules', 'dist', '__snapshots__']);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|js|mjs)$/.test(entry.name)) yield path;
  }
}

/** A comment's text with its line breaks and leading `*` or `//` folded into single spaces. */
const unwrapped = (text) => text.replace(/\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ');

/** Every `docs/<file>.md, "<section>"` a source file cites. */
function citations() {
  const found = [];
  for (const dir of SOURCE_DIRS)
    for (const file of sourceFiles(join(ROOT, dir)))
      for (const m of unwrapped(readFileSync(file, 'utf8')).matchAll(/docs\/([\w-]+\.md), "([^"]+)"/g))
        found.push({ file: relative(ROOT, file), doc: m[1], section: m[2] });
  return found;
}

/** The headings and bold run-in labels of a document, as the places a citation may name. */
function placesOf(doc) {
  const text = readFileSync(join(ROOT, 'docs', doc), 'utf8');
  return [
    ...[...text.matchAll(/^#+\s+(.+)$/gm)].map((m) => m[1].trim()),
    ...[...text.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1].trim()),
  ];
}

describe('citations of the docs in comments', () => {
  const all = citations();

  it('finds the citations (the pattern still matches how comments cite)', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it('name a document that exists and a section or label it has', () => {
    const places = new Map();
    const dangling = all.filter(({ doc, section }) => {
      if (!existsSync(join(ROOT, 'docs', doc))) return true;
      if (!places.has(doc)) places.set(doc, placesOf(doc));
      return !places.get(doc).some((place) => place.startsWith(section));
    });
    expect(dangling).toEqual([]);
  });
});
