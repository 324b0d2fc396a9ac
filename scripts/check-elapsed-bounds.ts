/**
 * `npm run lint` (and `npm test`'s first step): no test bounds an elapsed wall-clock time from
 * above. A bound such as `expect(performance.now() - t0).toBeLessThan(1000)` proves the machine's
 * speed, not the behaviour, and fails on a busy one; a test proves order, a count or logical time
 * instead (docs/design.md "Running locally, and the test layers"), and the bench measures speed.
 *
 * What counts as an elapsed time, found per file with the TypeScript parser (no type checking):
 * - an instant: `performance.now()`, `Date.now()`, `new Date(...).getTime()`, `Date.parse(...)`,
 *   `process.hrtime...`, and every variable or property name assigned one;
 * - a duration: a subtraction with an instant on either side, and every variable, property name or
 *   array (`xs.push(duration)`) assigned one; names follow what they are assigned, to a fixpoint.
 * An `expect(<anything holding a duration>)` followed by `.toBeLessThan` or `.toBeLessThanOrEqual`
 * is a finding (a comparison of two instants, an order, is not). Lower bounds are not findings:
 * a slow machine never breaks them.
 *
 * Usage: `tsx scripts/check-elapsed-bounds.ts [dir or file ...]` (default `test`); exits 1 with
 * one line per finding. `findElapsedBounds(source)` is the check itself, for its own test.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One upper bound on an elapsed time: 1-based line and the expression's text. */
export interface ElapsedBound {
  line: number;
  text: string;
}

const UPPER = new Set(['toBeLessThan', 'toBeLessThanOrEqual']);

/** The name a target of an assignment is known by: a variable, or the last property name of an access. */
function nameOf(node: ts.Node): string | null {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) return node.argumentExpression.text;
  return null;
}

/** True when `node` is a clock reading. */
function isClockCall(node: ts.Node): boolean {
  if (!ts.isCallExpression(node)) return false;
  const text = node.expression.getText();
  if (/^(performance\.now|Date\.now|Date\.parse)$/.test(text) || /^process\.hrtime/.test(text)) return true;
  return ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'getTime';
}

/** The upper bounds on elapsed times in one file's source. */
export function findElapsedBounds(source: string, fileName = 'test.ts'): ElapsedBound[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const instants = new Set<string>();
  const durations = new Set<string>();

  const holds = (node: ts.Node, kind: 'instant' | 'duration'): boolean => {
    let found = false;
    const visit = (n: ts.Node) => {
      if (found) return;
      if (kind === 'instant' && isClockCall(n)) found = true;
      else if (kind === 'duration' && ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.MinusToken)
        found = holds(n.left, 'instant') || holds(n.right, 'instant');
      if (!found) {
        const name = ts.isIdentifier(n) || ts.isPropertyAccessExpression(n) ? nameOf(n) : null;
        if (name && (kind === 'instant' ? instants : durations).has(name)) found = true;
      }
      if (!found) ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  };

  // Names follow what they are assigned (declarations, assignments, object properties, pushes).
  const assignments: [string, ts.Node][] = [];
  const collect = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && n.initializer && ts.isIdentifier(n.name)) assignments.push([n.name.text, n.initializer]);
    else if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const name = nameOf(n.left);
      if (name) assignments.push([name, n.right]);
    } else if (ts.isPropertyAssignment(n)) {
      const name = ts.isIdentifier(n.name) || ts.isStringLiteral(n.name) ? n.name.text : null;
      if (name) assignments.push([name, n.initializer]);
    } else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'push') {
      const name = nameOf(n.expression.expression);
      if (name) for (const arg of n.arguments) assignments.push([name, arg]);
    }
    ts.forEachChild(n, collect);
  };
  collect(file);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, value] of assignments) {
      // A plain instant is an instant; anything holding a difference with one is a duration.
      if (!durations.has(name) && holds(value, 'duration')) {
        durations.add(name);
        changed = true;
      } else if (!instants.has(name) && !durations.has(name) && isClockCall(value)) {
        instants.add(name);
        changed = true;
      }
    }
  }

  const found: ElapsedBound[] = [];
  const check = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && UPPER.has(n.expression.name.text)) {
      let subject: ts.Expression = n.expression.expression;
      while (ts.isPropertyAccessExpression(subject) && ['not', 'resolves', 'rejects'].includes(subject.name.text))
        subject = subject.expression;
      if (ts.isCallExpression(subject) && /^expect(\.soft)?$/.test(subject.expression.getText()) && subject.arguments[0]) {
        if (holds(subject.arguments[0], 'duration')) {
          const { line } = file.getLineAndCharacterOfPosition(n.getStart());
          found.push({ line: line + 1, text: n.getText().replace(/\s+/g, ' ').slice(0, 160) });
        }
      }
    }
    ts.forEachChild(n, check);
  };
  check(file);
  return found;
}

/** Every .ts file under `target` (a file or a folder), node_modules left out. */
function tsFiles(target: string): string[] {
  if (statSync(target).isFile()) return target.endsWith('.ts') ? [target] : [];
  return readdirSync(target, { withFileTypes: true }).flatMap((d) => (d.name === 'node_modules' ? [] : tsFiles(path.join(target, d.name))));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const targets = process.argv.slice(2);
  const findings = (targets.length ? targets : ['test'])
    .flatMap(tsFiles)
    .flatMap((f) => findElapsedBounds(readFileSync(f, 'utf8'), f).map((b) => `${f}:${b.line}: an upper bound on elapsed time: ${b.text}`));
  for (const f of findings) console.error(f);
  if (findings.length) {
    console.error(
      `\n${findings.length} upper bound(s) on elapsed wall-clock time. Prove the behaviour by order, a count or logical time ` +
        '(the dev clock, fake timers); the bench measures speed.',
    );
    process.exit(1);
  }
  console.log('No test bounds an elapsed wall-clock time.');
}
