import type { AppEnv, ServiceCtx } from '../types';

/** The service context of a request: its database, games, configuration, clock and deferred work. */
export function serviceCtx(c: { var: AppEnv['Variables'] }): ServiceCtx {
  return {
    db: c.var.db,
    registry: c.var.registry,
    config: c.var.config,
    now: c.var.now(),
    defer: c.var.defer,
    drainsAfter: true,
    clocks: c.var.clocks,
    drain: c.var.drain,
  };
}

/**
 * The origin for links we send (sign-in emails, invites). In production always `PUBLIC_URL`:
 * a forged Host header must never put an attacker's site into someone's sign-in email.
 * In development and tests, the address the request came to (any local port works).
 */
export function linkOrigin(c: { var: AppEnv['Variables']; req: { url: string } }): string {
  return c.var.config.appEnv === 'production' ? c.var.config.publicUrl : new URL(c.req.url).origin;
}
