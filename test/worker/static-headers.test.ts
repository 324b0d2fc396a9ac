/**
 * the static client carries the security headers of public/_headers (Workers static
 * assets apply the file; wrangler 4.86's local runtime too): a Content-Security-Policy without
 * inline script or eval, and the headers the Worker's own answers get from secureHeaders.
 */
import { describe, expect, inject, it } from 'vitest';

const base = inject('workerUrl');

/** The CSP as a map of directive -> sources. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

describe('security headers on the static client', () => {
  // `/games/x` is no file: the single-page-application fallback answers it with index.html.
  it.each(['/', '/games/x', '/app.js', '/verify', '/styles.css'])('%s has the CSP and the other security headers', async (path) => {
    const res = await fetch(base + path, { redirect: 'manual' });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Neither inline script nor eval anywhere: /verify runs zod jitless (client/zod-jitless.ts).
    for (const d of ['default-src', 'script-src', 'script-src-elem', 'script-src-attr', 'worker-src']) {
      expect(
        (csp.get(d) ?? []).some((source) => source.includes('unsafe')),
        d,
      ).toBe(false);
    }
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
  });
});
