import type { GameRegistry } from '../../engine/core';
import type { Db } from '../../db/types';
import { deferredWork } from '../services/deferred-work';
import { readConfig, type Env } from '../env';
import type { ServiceCtx } from '../types';
import { serviceDeps } from '../service-deps';
import { MAX_INBOUND_BYTES } from './limits';
import { receiveMail } from './receive';

/** Opens a database for one piece of work, and a way to close it. */
export type OpenDb = (env: Env) => { db: Db; release: () => Promise<void> };

/**
 * The Worker's `email()` handler (Cloudflare Email Routing): reads the message, plays it
 * (`receiveMail`), and refuses it in SMTP (`setReject`) when the address is unknown or forged or
 * the sender is not the seat's player. Deferred work (bots, the answer email) runs inside
 * `waitUntil` on connections of its own, as after an HTTP request.
 */
export function emailHandler(registry: GameRegistry, open: OpenDb, now: () => Date = () => new Date()) {
  return async (message: ForwardableEmailMessage, env: Env, ctx: ExecutionContext): Promise<void> => {
    if (message.rawSize > MAX_INBOUND_BYTES) {
      await (message.setReject(`Messages to this address are limited to ${MAX_INBOUND_BYTES} bytes.`) as unknown);
      return;
    }
    const first = open(env);
    const work = deferredWork(first, () => open(env));
    const config = readConfig(env);
    const service: ServiceCtx = {
      db: first.db,
      registry,
      config,
      now: now(),
      defer: work.defer,
      drainsAfter: true,
      ...serviceDeps(env, registry, config, now),
    };
    try {
      // The body is read only once the envelope (reply token, sender) has passed.
      const outcome = await receiveMail(service, {
        from: message.from,
        to: message.to,
        raw: () => new Response(message.raw).arrayBuffer(),
      });
      console.log(
        'mail-in',
        JSON.stringify({
          kind: outcome.kind,
          ...(outcome.kind === 'answered' ? { applied: outcome.applied.length, refused: !!outcome.refusal } : { reason: outcome.reason }),
        }),
      );
      // Awaited: under wrangler dev the message is an RPC stub whose setReject returns a promise.
      if (outcome.kind === 'rejected') await (message.setReject(outcome.reason) as unknown);
    } finally {
      ctx.waitUntil(work.run());
    }
  };
}
