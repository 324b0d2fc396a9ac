import type { AppEnv, ServiceCtx } from '../types';

/** The service context of a request: its database, games, configuration, clock and deferred work. */
export function serviceCtx(c: { var: AppEnv['Variables'] }): ServiceCtx {
  return { db: c.var.db, registry: c.var.registry, config: c.var.config, now: c.var.now(), defer: c.var.defer };
}
