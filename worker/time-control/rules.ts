/**
 * A game's time control: what each seat's clock starts with and how a turn changes it.
 *
 *   - `per-move`: every time a seat must act it gets `hours` (the rule of the older `24h`/`72h`
 *     games);
 *   - `bank`: a seat starts with `initialHours`; its bank drains only while the seat must act,
 *     and each turn it finishes (the seat stops being asked to act) adds `incrementHours`, never
 *     past `maxHours` (Rally the Troops' and Board Game Arena's turn-based clocks work so);
 *   - `none`: no clock.
 *
 * Presets for the new-game form: `fast` (72 h + 12 h a turn, at most 120 h) and `slow` (72 h +
 * 36 h, at most 240 h); `24h`, `48h`, `72h`, `120h` and `168h` are per-move clocks.
 */
import { z } from 'zod';

/** Hours a per-move clock may give. */
export const PER_MOVE_HOURS = [24, 48, 72, 120, 168] as const;

/** A time control as stored with the game and sent in every game answer. */
export type TimeControl =
  | { kind: 'none' }
  | { kind: 'per-move'; hours: (typeof PER_MOVE_HOURS)[number] }
  | { kind: 'bank'; initialHours: number; incrementHours: number; maxHours: number };

/** Named time controls: the create form's choices and what each string of the API means. */
export const TIME_CONTROL_PRESETS = {
  none: { kind: 'none' },
  fast: { kind: 'bank', initialHours: 72, incrementHours: 12, maxHours: 120 },
  slow: { kind: 'bank', initialHours: 72, incrementHours: 36, maxHours: 240 },
  '24h': { kind: 'per-move', hours: 24 },
  '48h': { kind: 'per-move', hours: 48 },
  '72h': { kind: 'per-move', hours: 72 },
  '120h': { kind: 'per-move', hours: 120 },
  '168h': { kind: 'per-move', hours: 168 },
} as const satisfies Record<string, TimeControl>;

/** A preset's name. */
export type TimeControlPreset = keyof typeof TIME_CONTROL_PRESETS;

const PerMove = z
  .object({ kind: z.literal('per-move'), hours: z.union([z.literal(24), z.literal(48), z.literal(72), z.literal(120), z.literal(168)]) })
  .strict();
const Bank = z
  .object({
    kind: z.literal('bank'),
    initialHours: z.number().int().min(1).max(720),
    incrementHours: z.number().int().min(0).max(168),
    maxHours: z.number().int().min(1).max(1440),
  })
  .strict()
  .refine((b) => b.maxHours >= b.initialHours, { message: 'maxHours must be at least initialHours', path: ['maxHours'] });

/** What create accepts: a preset's name or an object (`per-move` with 24-168 hours, or `bank`). */
export const TimeControlInput = z.union([
  z.enum(Object.keys(TIME_CONTROL_PRESETS) as [TimeControlPreset, ...TimeControlPreset[]]),
  PerMove,
  Bank,
  z.object({ kind: z.literal('none') }).strict(),
]);

/** The stored form of an accepted input (a preset becomes its object). */
export function normalizeTimeControl(input: z.infer<typeof TimeControlInput>): TimeControl {
  if (typeof input === 'string') return TIME_CONTROL_PRESETS[input] as TimeControl;
  return input as TimeControl;
}

const HOUR_MS = 3600 * 1000;

/** Milliseconds a seat's clock holds when the game starts (null without a clock). */
export function initialBankMs(tc: TimeControl): number | null {
  if (tc.kind === 'none') return null;
  return (tc.kind === 'per-move' ? tc.hours : tc.initialHours) * HOUR_MS;
}

/** The preset an object equals, if any (for a short name in the page and emails). */
export function presetOf(tc: TimeControl): TimeControlPreset | null {
  const same = (a: object, b: object) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => (b as Record<string, unknown>)[k] === v);
  for (const [name, preset] of Object.entries(TIME_CONTROL_PRESETS)) if (same(preset, tc)) return name as TimeControlPreset;
  return null;
}

/** One line for people: "Fast: 72 h, +12 h a turn, at most 120 h", "48 h per move", "No clock". */
export function timeControlText(tc: TimeControl): string {
  if (tc.kind === 'none') return 'No clock';
  if (tc.kind === 'per-move') return `${tc.hours} h per move`;
  const name = presetOf(tc);
  const text = `${tc.initialHours} h, +${tc.incrementHours} h a turn, at most ${tc.maxHours} h`;
  return name ? `${name[0].toUpperCase()}${name.slice(1)}: ${text}` : `Time bank: ${text}`;
}
