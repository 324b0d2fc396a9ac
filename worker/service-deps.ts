import type { GameRegistry } from '../engine/core';
import { clockNotes, type ClockBindings } from './clock/notes';
import { drainOutbox } from './delivery/deliver';
import type { Config } from './env';
import type { ServiceCtx } from './types';

/**
 * What services reach outside themselves through (`ServiceCtx.clocks` and `drain`), wired from a
 * Worker's bindings `env`: the Durable Objects' clock notes (no-ops for the ones not bound, all
 * of them in-process) and the outbox drain. `now` is the Worker's clock. One place builds them,
 * so services import neither the Durable Objects nor delivery.
 */
export function serviceDeps(
  env: ClockBindings,
  registry: GameRegistry,
  config: Config,
  now: () => Date,
): Pick<ServiceCtx, 'clocks' | 'drain'> {
  const clocks = clockNotes(env, () => now().getTime());
  return { clocks, drain: (db, at, held) => drainOutbox(db, { registry, config, now: at, clocks }, 50, held) };
}
