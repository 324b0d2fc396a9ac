import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { normaliseName } from '../../engine/core/mentions';
import { ApiError } from '../http/errors';
import { errors, jsonBody, jsonResponse, UserSchema } from '../http/schemas';
import { requireUser } from '../middleware/session';
import { isNeutralName, renameUser, suggestName } from '../services/names';
import { linkOrigin, serviceCtx } from '../http/context';
import { isOperator } from '../services/moderation';
import { nextGame } from '../services/next-game';
import { endVacation, startVacation, vacationStatus } from '../services/vacations';
import type { AppEnv } from '../types';

const VacationStatusSchema = z
  .object({
    daysLeft: z
      .number()
      .openapi({ description: 'Vacation days left (7 for a new account, 1.75 more on the first of each month, at most 21)' }),
    activeUntil: z.string().nullable().openapi({ description: 'The vacation under way ends then (ISO); null when none' }),
    planned: z
      .object({ from: z.string(), until: z.string(), kind: z.enum(['manual', 'auto']) })
      .nullable()
      .openapi({ description: 'A vacation that starts later' }),
    auto: z.boolean().openapi({ description: 'A clock about to run out spends vacation days by itself (auto-vacation)' }),
  })
  .openapi('VacationStatus');

const VacationSchema = z.object({ from: z.string(), until: z.string(), kind: z.enum(['manual', 'auto']) }).openapi('Vacation');

const getMe = createRoute({
  method: 'get',
  path: '/api/me',
  operationId: 'getMe',
  tags: ['me'],
  summary: 'The signed-in user, with their vacation days, and whether they have chosen a display name',
  responses: {
    200: jsonResponse(
      'You',
      UserSchema.extend({
        vacation: VacationStatusSchema,
        operator: z.boolean().openapi({ description: 'Your address is in ADMIN_EMAILS: you see the reports queue (`/admin/reports`)' }),
        nameChosen: z.boolean().openapi({
          description:
            'False until you set a display name with PATCH /api/me: a new account is "Player NNNN", so a page asks for a name on first sign-in',
        }),
        suggestedName: z.string().nullable().openapi({
          description:
            'While `nameChosen` is false: a name to offer, made from the local part of your address (capitalised words, never the address; a number added when another account has it). Shown to you alone; null once you chose one, or when the address gives none',
          example: 'Ada Lovelace',
        }),
      }),
    ),
    ...errors(401),
  },
});

const putVacation = createRoute({
  method: 'put',
  path: '/api/me/vacation',
  operationId: 'startVacation',
  tags: ['me'],
  summary: 'Go on vacation: your clocks stand still in every game that allows it',
  description:
    'Starts now, or at `from`. A vacation longer than the days left ends when they are spent (the answer says when). A vacation already under way or planned is replaced, and what was left of it comes back first. The other players of each game are told once. It can be planned up to 366 days ahead. 400 `bad_vacation`, 409 `no_vacation_days`.',
  request: jsonBody(
    z
      .object({
        until: z.string().datetime({ offset: true }).openapi({ description: 'When you are back (ISO instant)' }),
        from: z.string().datetime({ offset: true }).optional().openapi({ description: 'A later start (ISO instant); now by default' }),
      })
      .strict(),
  ),
  responses: { 200: jsonResponse('Your vacation', VacationSchema), ...errors(400, 401, 409) },
});

const deleteVacation = createRoute({
  method: 'delete',
  path: '/api/me/vacation',
  operationId: 'endVacation',
  tags: ['me'],
  summary: 'Back from vacation: your clocks run again, and the days not taken come back',
  responses: { 200: jsonResponse('Your vacation days', VacationStatusSchema), ...errors(401, 404) },
});

const getNext = createRoute({
  method: 'get',
  path: '/api/me/next',
  operationId: 'nextGame',
  tags: ['me'],
  summary: 'The game that waits on you with the least time left (then the one waiting longest), and how many wait',
  request: {
    query: z.object({
      except: z
        .string()
        .min(1)
        .max(64)
        .optional()
        .openapi({ description: 'A game to leave out (the one on screen): the answer names and counts the others' }),
    }),
  },
  responses: {
    200: jsonResponse(
      'Next game',
      z
        .object({
          gameId: z.string().nullable(),
          url: z.string().nullable().openapi({ description: 'The game page; null when nothing waits on you' }),
          waiting: z.number().int().openapi({ description: 'Games waiting for your move' }),
        })
        .openapi('NextGame'),
    ),
    ...errors(401),
  },
});

const patchMe = createRoute({
  method: 'patch',
  path: '/api/me',
  operationId: 'updateMe',
  tags: ['me'],
  summary: 'Change your display name',
  description:
    'A name is shown to everyone at your tables (and watchers of public games), so it may not contain `@` (no email address ends up in it), nor `{{` or `}}` (log lines name players with `{{p:N}}` markers). ' +
    'The form new accounts are given, "Player" and digits, and the labels the app shows for seats no player names ("Deleted player", "Bot", "Player") are refused (400 `bad_name`), compared as names are (so a Greek "Ρlayer 1234" too): a name set here is one you chose (`nameChosen`). ' +
    'A name that reads like another account\'s is refused with 400 `name_taken`: names are compared after NFKC, removing white space, blank fillers (U+3164, U+2800 ...) and invisible characters (format characters, soft hyphens, zero-width spaces and joiners, word joiners), and mapping look-alike letters to one in either case (the Unicode TR39 confusables skeleton, then again over the capitals, case folded), so "Cy", "cy", "C\u200by", a Cyrillic "Су", "AIice" (capital I) and "Alice" are one name. ' +
    '"#" (or a sign that reads as it) is refused (400 `bad_name`): it marks the names two accounts shared before names were unique, shown with the profile id\'s first letters ("Cy #3f9a").',
  request: jsonBody(
    z.object({
      name: z
        .string()
        .trim()
        .min(1)
        .max(40)
        // Judged NFKC-folded: a fullwidth ＠ or a small ﹫ reads as "@" all the same.
        .refine(
          (n) => !n.normalize('NFKC').includes('@'),
          'A display name cannot contain "@": it is shown to other players, an email address must not be.',
        )
        // Log lines name players with {{p:N}} markers (engine/core/log-names.ts); a name holding one
        // would be shown as another player's name wherever the line is rendered.
        .refine((n) => !/\{\{|\}\}/.test(n.normalize('NFKC')), 'A display name cannot contain "{{" or "}}".')
        // Half a surrogate pair is no character: emails, exports and other clients would fail to encode it.
        .refine((n) => !/\p{Cs}/u.test(n), 'A display name cannot contain half of a UTF-16 surrogate pair.')
        // Pages, emails and webhooks put the name inside a log line: an override or isolate control
        // (U+202A-U+202E, U+2066-U+2069) would reorder the rest of the line ("Cy\u202E has decided."
        // reads "Cy.dediced sah"), and a name of zero-width or blank characters only shows as nothing.
        .refine(
          (n) => !/[\u202A-\u202E\u2066-\u2069]/.test(n),
          'A display name cannot contain a bidirectional override or isolate control.',
        )
        .refine((n) => /[^\p{Cf}\p{Cc}\p{Z}\u115F\u1160\u2800\u3164\uFFA0]/u.test(n), 'A display name needs a visible character.'),
    }),
  ),
  responses: { 200: jsonResponse('Updated', UserSchema), ...errors(400, 401, 403) },
});

/** `GET/PATCH /api/me`, `PUT/DELETE /api/me/vacation`, `GET /api/me/next`. */
export function meRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(getMe, async (c) => {
    const user = requireUser(c);
    const nameChosen = !isNeutralName(user.name);
    return c.json(
      {
        ...user,
        vacation: await vacationStatus(c.var.db, user.id, c.var.now()),
        operator: isOperator(c.var.config, user),
        nameChosen,
        suggestedName: nameChosen ? null : await suggestName(c.var.db, user),
      },
      200,
    );
  });
  app.openapi(putVacation, async (c) => {
    const body = c.req.valid('json');
    const vacation = await startVacation(serviceCtx(c), requireUser(c), {
      until: new Date(body.until),
      from: body.from ? new Date(body.from) : undefined,
    });
    return c.json(vacation, 200);
  });
  app.openapi(deleteVacation, async (c) => {
    const user = requireUser(c);
    if (!(await endVacation(serviceCtx(c), user))) throw new ApiError(404, 'no_vacation', 'You are not on vacation.');
    return c.json(await vacationStatus(c.var.db, user.id, c.var.now()), 200);
  });
  app.openapi(getNext, async (c) => c.json(await nextGame(c.var.db, requireUser(c).id, linkOrigin(c), c.req.valid('query').except), 200));
  app.openapi(patchMe, async (c) => {
    // Stored as shown and as mentions match it: NFC, one line, single spaces.
    const name = normaliseName(c.req.valid('json').name);
    if (!name) throw new ApiError(400, 'bad_name', 'A display name needs at least one visible character.');
    return c.json(await renameUser(c.var.db, requireUser(c).id, name, c.var.now()), 200);
  });
  return app;
}
