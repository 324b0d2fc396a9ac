import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  collectOptions,
  fieldsFromSchema,
  humanize,
  initialValues,
  parseInput,
  playerCounts,
  validateValue,
} from '../../client/schema-form';
import type { JsonSchema } from '../../client/schema-form';
import { secretDiceOptions } from '../fixtures/secret-dice';

/** The options schema as the API sends it (GET /api/game-types uses zod's JSON Schema). */
const asApiSends = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;

describe('options form from a JSON Schema', () => {
  test('the fixture game: an integer 1..10 defaulting to 3', () => {
    const fields = fieldsFromSchema(asApiSends(secretDiceOptions));
    expect(fields).toEqual([
      { key: 'rounds', label: 'Rounds', description: undefined, kind: 'integer', required: false, default: 3, min: 1, max: 10, step: 1 },
    ]);
    expect(initialValues(fields)).toEqual({ rounds: 3 });
  });

  test('numbers, booleans, enums and strings, with titles, descriptions and defaults', () => {
    const schema = z.object({
      maxRounds: z.number().int().min(2).max(12).default(6),
      speed: z.number().gt(0).lt(5).multipleOf(0.5).optional(),
      advanced_variant: z.boolean().default(true),
      quickStart: z.boolean().optional(),
      scenario: z.enum(['mount-snowdon', 'ffestiniog']).default('ffestiniog').describe('Which railway to build'),
      label: z.string().optional(),
      bare: z.number().int(),
      weird: z.object({ nested: z.number() }).optional(),
    });
    const fields = fieldsFromSchema(asApiSends(schema));
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(fields.map((f) => f.key)).toEqual(['maxRounds', 'speed', 'advanced_variant', 'quickStart', 'scenario', 'label', 'bare']);
    expect(byKey.maxRounds).toMatchObject({ kind: 'integer', label: 'Max rounds', min: 2, max: 12, default: 6, step: 1 });
    expect(byKey.speed).toMatchObject({ kind: 'number', min: 0, max: 5, step: 0.5, required: false });
    expect(byKey.advanced_variant).toMatchObject({ kind: 'boolean', label: 'Advanced variant', default: true });
    expect(byKey.scenario).toMatchObject({
      kind: 'enum',
      description: 'Which railway to build',
      choices: [
        { value: 'mount-snowdon', label: 'mount-snowdon' },
        { value: 'ffestiniog', label: 'ffestiniog' },
      ],
    });
    // A bare .int() has +-MAX_SAFE_INTEGER bounds: not worth showing.
    expect(byKey.bare).toMatchObject({ kind: 'integer', required: true, min: undefined, max: undefined });
    expect(initialValues(fields)).toEqual({
      maxRounds: 6,
      advanced_variant: true,
      quickStart: false,
      scenario: 'ffestiniog',
      bare: 0,
    });
  });

  test('enums written as oneOf of consts keep their titles', () => {
    const fields = fieldsFromSchema({
      type: 'object',
      properties: {
        colour: {
          oneOf: [
            { const: 'r', title: 'Red' },
            { const: 'b', title: 'Blue' },
          ],
          default: 'b',
        },
        n: { type: ['integer', 'null'], minimum: 1, exclusiveMaximum: 4 },
      },
    });
    expect(fields[0]).toMatchObject({
      kind: 'enum',
      choices: [
        { value: 'r', label: 'Red' },
        { value: 'b', label: 'Blue' },
      ],
    });
    expect(fields[1]).toMatchObject({ kind: 'integer', min: 1, max: 3 });
  });

  test('no schema, or no properties, gives no fields', () => {
    expect(fieldsFromSchema(undefined)).toEqual([]);
    expect(fieldsFromSchema({ type: 'object' })).toEqual([]);
  });

  test('reading input back: numbers, empty numbers, checkboxes, select indexes', () => {
    const [rounds, fast, mode] = fieldsFromSchema({
      type: 'object',
      properties: {
        rounds: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
        fast: { type: 'boolean' },
        mode: { enum: ['a', 'b', 3] },
      },
      required: ['mode'],
    });
    expect(parseInput(rounds, '7')).toBe(7);
    expect(parseInput(rounds, '')).toBeUndefined();
    expect(parseInput(rounds, 'abc')).toBeUndefined();
    expect(parseInput(fast, true)).toBe(true);
    expect(parseInput(fast, false)).toBe(false);
    expect(parseInput(mode, '2')).toBe(3);
    expect(parseInput(mode, '9')).toBe('a');
    expect(validateValue(rounds, 11)).toBe('Rounds must be at most 10.');
    expect(validateValue(rounds, 0)).toBe('Rounds must be at least 1.');
    expect(validateValue(rounds, 2.5)).toBe('Rounds must be a whole number.');
    expect(validateValue(rounds, undefined)).toBeNull(); // the default applies
    expect(validateValue(rounds, 10)).toBeNull();
    expect(collectOptions([rounds, fast, mode], { rounds: undefined, fast: false, mode: 'b' })).toEqual({ fast: false, mode: 'b' });
  });

  test('labels and player counts', () => {
    expect(humanize('maxRounds')).toBe('Max rounds');
    expect(humanize('use_fate-cards')).toBe('Use fate cards');
    expect(playerCounts(2, 4)).toEqual([2, 3, 4]);
    expect(playerCounts(3, 3)).toEqual([3]);
    expect(playerCounts(5, 2)).toEqual([5]);
  });
});
