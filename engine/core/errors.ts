/**
 * A move the rules refuse. `code` is stable (snake_case, safe for clients and tests to match on);
 * `message` is a sentence a player understands. The platform answers it as HTTP 422.
 */
export class IllegalMove extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'IllegalMove';
  }
}

/** Throws `IllegalMove(code, message)` unless `condition` holds: a guard clause that names its reason. */
export function require_(condition: unknown, code: string, message: string): asserts condition {
  if (!condition) throw new IllegalMove(code, message);
}
