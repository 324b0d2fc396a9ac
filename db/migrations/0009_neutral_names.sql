-- display names were once the address's local part ("ada" for ada@example.com), shown to
-- every player and watcher. Users still carrying that default, or a name with "@" in it (which
-- PATCH /api/me now refuses), get a neutral "Player 1234"; other names people chose are kept.
UPDATE "users" SET "name" = 'Player ' || (1000 + floor(random() * 9000)::int)
WHERE "name" = left(split_part("email", '@', 1), 40) OR position('@' in "name") > 0;
