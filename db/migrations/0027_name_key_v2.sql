-- Name keys read case and look-alikes together (db/name-key.ts: "AIice" is "Alice", "Ivan" is
-- "lvan", blanks and fillers such as U+3164 and U+2800 are no part of a key). Every stored key is
-- recomputed by `npm run db:migrate` after the migrations (`fillNameKeys` fills the null ones),
-- which also marks the names that now read as another account's: they keep their names, shown
-- with their mark. Marks already given stay.
UPDATE "users" SET "name_key" = NULL;
