import { createMiddleware } from 'hono/factory';
import { gameObjectOf } from '../clock/notes';
import { sha256Hex } from '../lib/crypto';
import { etagMatches, stateEtag } from '../lib/state';
import type { AppEnv } from '../types';
import { sessionToken } from './session';

/**
 * `GET /api/games/:id/state`: a conditional poll whose ETag still matches what the game's
 * object knows (`GameVersions`) - version, the viewer's seat and its seen mark, for a session
 * token that got a database answer within `VIEWER_TRUST_MS` - is answered 304 here, with no
 * database connection. Otherwise the request goes on to the database, and an answer from there
 * (200, or a 304 that marked the version seen) is noted in the object, awaited, so the viewer's
 * next poll is judged by the same version and mark. A visible poll whose seat has not yet seen
 * the version still goes to the database (it must write the seen mark). Without the binding
 * (in-process tests) this does nothing.
 */
export const knownVersion = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.param('id') ?? '';
  // An id the route refuses anyway (400) never reaches an object.
  const versions = id.length > 0 && id.length <= 64 ? gameObjectOf(c.env, id) : null;
  if (!versions) return next();
  const carried = sessionToken(c);
  const key = carried ? await sha256Hex(carried.token) : '-';
  const visible = c.req.header('x-page-visible') === '1';
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch) {
    const known = await versions.lookup(key, c.var.now().getTime()).catch((err: unknown) => {
      console.error('game versions: lookup failed', err);
      return null;
    });
    const unseen = known !== null && known.seat !== null && (known.mark ?? 0) < known.version;
    if (
      known &&
      !(visible && unseen) &&
      etagMatches(ifNoneMatch, stateEtag(known.version, known.user, known.seat === null ? null : known.mark), c.var.now().getTime())
    ) {
      return c.body(null, 304, { ETag: ifNoneMatch, 'Cache-Control': 'private, no-cache' });
    }
  }
  await next();
  const pre = c.var.gameRequest;
  const version = Number(/^"v(\d+)/.exec(c.res.headers.get('etag') ?? '')?.[1] ?? Number.NaN);
  if ((c.res.status !== 200 && c.res.status !== 304) || !pre || !Number.isInteger(version)) return;
  const seat = pre.seat;
  // The mark the database holds now: a visible read has just raised it to the version it answered.
  const mark = seat === null ? null : visible ? Math.max(pre.lastSeen ?? 0, version) : (pre.lastSeen ?? 0);
  await versions
    .note({
      version,
      marks: seat === null || mark === null ? undefined : { [seat]: mark },
      viewer: { key, user: c.var.user?.id ?? null, seat },
      now: c.var.now().getTime(),
    })
    .catch((err: unknown) => console.error('game versions: note failed', err));
});
