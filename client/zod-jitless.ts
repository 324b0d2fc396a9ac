/**
 * Turns off zod's JIT before any schema is built: zod probes for `new Function` once, and a page
 * served with our Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval'; public/_headers)
 * reports that probe as a CSP violation even though zod catches it. Without the JIT zod parses
 * the same way, only without generated code. Import this first wherever zod schemas are built in
 * the browser (client/verify.ts: the engines' move and options schemas).
 */
import { z } from 'zod';

z.config({ jitless: true });
