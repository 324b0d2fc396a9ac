/**
 * Setup file of the layers that share one server (worker, worker-pg, e2e): once the layer's
 * global setup has noted that its server stopped (test/support/server-down.ts), each later test of
 * the layer is skipped with the reason, and the one failure of the run is the note itself, with
 * the server's last lines (test/support/summary-reporter.ts).
 */
import { beforeEach, inject } from 'vitest';
import { serverDown } from './server-down';

const dir = inject('serverDownDir');
const layer = inject('serverLayer');

beforeEach((ctx) => {
  if (!dir || !layer) return;
  const down = serverDown(dir, layer);
  if (down) ctx.skip(`skipped: ${down.reason} at ${down.at} (the run's summary has its last lines)`);
});
