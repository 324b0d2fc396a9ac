/**
 * The API's shapes as the client reads them: aliases of the types generated from the OpenAPI
 * document (docs/api/openapi.d.ts, `npm run openapi`), never hand copies, so a field the server
 * drops or renames is a compile error here, not a blank on a page. The server is the authority on
 * every rule; test/api/response-schemas.test.ts checks that it answers what the document says.
 */
import type { components, operations } from '../docs/api/openapi';

type Schemas = components['schemas'];

/** The JSON answer of operation `Op` with status `S` (e.g. `Answer<'joinGame'>` is `{ seat, started }`). */
export type Answer<Op extends keyof operations, S extends number = 200> = operations[Op]['responses'] extends {
  [K in S]: { content: { 'application/json': infer T } };
}
  ? T
  : never;

/** The JSON body operation `Op` takes. */
export type Body<Op extends keyof operations> = operations[Op] extends { requestBody: { content: { 'application/json': infer T } } }
  ? T
  : never;

export type Me = Schemas['User'];
export type GameType = Schemas['GameType'];
export type Rules = Schemas['Rules'];
export type SeatChoice = Schemas['SeatChoice'];
export type GameStatus = Schemas['GameStatus'];
export type SeatInfo = Schemas['Seat'];
export type GameResult = NonNullable<Schemas['Result']>;
/** A row of "My games" (a finished one with its `result`). */
export type GameSummary = Schemas['GameSummary'];
export type GameMeta = Schemas['GameMeta'];
/** A seat with its setup choices (games with `seatChoices`). */
export type SeatWithChoices = GameMeta['seats'][number];
export type LegalMove = Schemas['LegalMove'];
export type GameState = Schemas['State'];
export type SinceLastSeen = NonNullable<Schemas['SinceLastSeen']>;
export type LogEntry = Schemas['LogLine'];
export type ChatLine = Schemas['ChatLine'];
export type ReplayStep = Schemas['ReplayStep'];
export type GameRecord = Schemas['GameRecord'];
export type Lobby = Schemas['Lobby'];
export type LobbyGame = Schemas['LobbyGame'];
export type NotificationSettings = Schemas['NotificationSettings'];
export type NotificationKinds = NotificationSettings['kinds'];
export type NotificationSettingsAnswer = Schemas['NotificationSettingsAnswer'];
export type Webhook = NonNullable<Schemas['Webhook']>;
export type WebhookFormat = Webhook['format'];
export type DeliveryFailure = Schemas['DeliveryFailure'];
export type PushDevice = Schemas['PushDevice'];
/** `GET /api/me`: the signed-in user with their vacation days and whether they are an operator. */
export type MeAnswer = Answer<'getMe'>;
export type BlockedPlayer = Schemas['BlockedPlayer'];
export type FiledReport = Schemas['FiledReport'];
export type Report = Schemas['Report'];
export type PlayerRecord = Schemas['PlayerRecord'];
/** `GET .../chat`: the lines, and whether the reader muted that chat. */
export type ChatAnswer = Answer<'listChat'>;
/** `GET /api/players/:id`: a player's profile. */
export type PlayerProfile = Schemas['PlayerProfile'];
export type Leaderboard = Schemas['Leaderboard'];
export type FriendStatus = Schemas['FriendStatus'];
/** `GET /api/me/friends`. */
export type FriendsAnswer = Answer<'listFriends'>;
export type Archive = Schemas['Archive'];
export type ArchivedGame = Archive['games'][number];
export type TableRequirements = Schemas['TableRequirements'];
