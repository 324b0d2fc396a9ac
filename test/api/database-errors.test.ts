import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from '../../worker/services/db-errors';

/** An error as Drizzle throws it: "Failed query: ..." wrapping the driver's. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
const pg = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('which database errors mean "away", not "wrong"', () => {
  it('no connection or no slot: unreachable, refused, lost, out of connections, shutting down', () => {
    for (const err of [
      pg('53300', 'sorry, too many clients already'),
      pg('53300', 'too many connections for role "mp"'),
      pg('08006', 'connection failure'),
      pg('57P01', 'terminating connection due to administrator command'),
      pg('57P03', 'the database system is starting up'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Network connection lost.'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
      expect(isDatabaseUnavailable(wrapped(err)), `wrapped ${err}`).toBe(true);
    }
  });

  it('a statement the database refused is not an outage (it stays a 500 or its own answer)', () => {
    for (const err of [
      pg('23505', 'duplicate key'),
      pg('42601', 'syntax error at or near "x"'),
      pg('40001', 'could not serialize'),
      new Error('boom'),
    ]) {
      expect(isDatabaseUnavailable(wrapped(err)), String(err)).toBe(false);
    }
    expect(isUniqueViolation(wrapped(pg('23505', 'duplicate key')))).toBe(true);
  });
});
