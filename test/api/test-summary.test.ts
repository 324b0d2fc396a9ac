/**
 * What `npm test`'s summary says of a failure and of a test that passed only on its retry
 * (test/support/summary-reporter.ts): a failure by its first line, an earlier try in full.
 */
import { describe, expect, it } from 'vitest';
import { describeFully, firstLine } from '../support/summary-reporter';

describe("the test summary's words for an error", () => {
  it('a failure: its first non-empty line, colours out', () => {
    expect(firstLine('\n\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n  at x')).toBe('AssertionError: expected 1 to be 2');
  });

  it("a retry's first try: every line of its message and the test file's line it came from", () => {
    const e = {
      name: 'Error',
      message: 'locator.fill: Timeout 30000ms exceeded.\nthe page at http://127.0.0.1:1/ showed: Loading…\nfailed requests: none',
      stack: 'Error: x\n    at node_modules/playwright-core/lib/a.js:1:1\n    at signIn (/work/mp/test/e2e/support.ts:140:5)',
    };
    expect(describeFully(e)).toBe(
      'Error: locator.fill: Timeout 30000ms exceeded. | the page at http://127.0.0.1:1/ showed: Loading… | failed requests: none | at signIn (/work/mp/test/e2e/support.ts:140:5)',
    );
  });
});
