import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * libs/domain has no import cycle, type-only imports included: a cycle makes the order in which
 * modules initialise depend on which one is imported first (a constant read before it is set), and
 * it is the sign of two modules that each know the other's business. A small walk over the relative
 * imports (the domain imports nothing else of its own, see eslint.config.mjs).
 */

const ROOT = __dirname;

/** `import … from './x'`, `export … from './x'`, `import './x'`, `import('./x')`. */
const RELATIVE_IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The relative specifiers `source` imports. */
export function relativeImports(source: string): string[] {
  return [...source.matchAll(RELATIVE_IMPORT)].map((m) => m[1] ?? m[2]);
}

/** The domain's modules (specs and declaration files aside), each with the modules it imports. */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/(?<!\.spec|\.d)\.ts$/.test(entry.name)) {
        const targets = relativeImports(readFileSync(path, 'utf8')).map((spec) => resolve(path, spec));
        graph.set(path, targets);
      }
    }
  };
  visit(root);
  return graph;
}

function resolve(from: string, specifier: string): string {
  const base = join(dirname(from), specifier);
  const found = [`${base}.ts`, join(base, 'index.ts'), base].find((path) => existsSync(path));
  if (!found) throw new Error(`${from} imports ${specifier}, which is not a file`);
  return found;
}

/** Every cycle of the graph, as one path each (depth-first; a cycle found once is not repeated). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('the import graph of libs/domain', () => {
  it('has no cycle', () => {
    const graph = importGraph(ROOT);
    expect(graph.size).toBeGreaterThan(50);
    const cycles = cyclesOf(graph).map((cycle) => cycle.map((path) => relative(ROOT, path)).join(' -> '));
    expect(cycles).toEqual([]);
  });

  it('reads every form of relative import, type-only ones included', () => {
    const source = [
      `import { a } from './a';`,
      `import type { B } from '../b';`,
      `import {\n  c,\n  d,\n} from './c';`,
      `export * from './e';`,
      `export { f } from "./f";`,
      `import './g';`,
      `const h = import('./h');`,
      `import { i } from 'node:fs';`,
      `// a comment that says from './not-an-import' is no import statement`,
    ].join('\n');
    expect(relativeImports(source)).toEqual(['./a', '../b', './c', './e', './f', './g', './h']);
  });

  it.each([
    ['none', { a: ['b'], b: ['c'], c: [] }, []],
    ['a module importing itself', { a: ['a'] }, [['a', 'a']]],
    ['two modules', { a: ['b'], b: ['a'] }, [['a', 'b', 'a']]],
    [
      'the one that was broken: process-types -> summary-sentences -> catalog',
      {
        'process-types': ['summary-sentences'],
        'summary-sentences': ['catalog'],
        catalog: ['process-types'],
      },
      [['process-types', 'summary-sentences', 'catalog', 'process-types']],
    ],
    ['a diamond is no cycle', { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }, []],
  ])('finds the cycles of a graph: %s', (_name, graph, expected) => {
    expect(cyclesOf(new Map(Object.entries(graph)))).toEqual(expected);
  });
});
