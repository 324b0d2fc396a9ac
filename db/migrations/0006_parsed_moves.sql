-- Stored moves become the moves as each game's moveSchema parses them (issue 13.1): before this,
-- the raw request body was stored, so a field the schema fills by default was missing from the
-- log and replays (GET /replay/:seq, POST /undo, the record) read a different move than was played.
-- Defaults in the move schemas (engine/games/*/moves.ts):
--   space-mountain: refuel.flip defaults to [] (the only one);
--   big-thunder, snowdonia: none (no field has a default or a transform).
UPDATE "game_events" AS e
SET "payload" = jsonb_set(e."payload", '{move,flip}', '[]'::jsonb)
FROM "games" AS g
WHERE g."id" = e."game_id"
  AND g."type" = 'space-mountain'
  AND e."kind" = 'move'
  AND jsonb_typeof(e."payload" -> 'move') = 'object'
  AND e."payload" -> 'move' ->> 'type' = 'refuel'
  AND (e."payload" -> 'move' -> 'flip') IS NULL;
