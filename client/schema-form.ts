/**
 * Turns a game's options JSON Schema (an object schema, as zod's `toJSONSchema` writes it) into
 * form fields, and form input back into option values. Pure: no DOM, tested in test/client.
 *
 * Supported: integers and numbers (with minimum/maximum, exclusive bounds, multipleOf), booleans,
 * enums (`enum`, or `anyOf`/`oneOf` of `const`s, with optional titles), and plain strings.
 * A property of any other shape is left out of the form, so the server applies its default.
 */
import { humanize } from './format';

/** A JSON Schema fragment, as produced from a game's zod options schema. */
export type JsonSchema = {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  [key: string]: unknown;
};

export type FieldKind = 'integer' | 'number' | 'boolean' | 'enum' | 'string';

export interface EnumChoice {
  value: unknown;
  label: string;
}

export interface OptionField {
  key: string;
  label: string;
  description?: string;
  kind: FieldKind;
  required: boolean;
  default?: unknown;
  min?: number;
  max?: number;
  step?: number;
  choices?: EnumChoice[];
}

/** Largest bound worth showing; zod writes +-MAX_SAFE_INTEGER for a bare `.int()`. */
const HUGE = 1e15;

// In format.ts, so the generic board (main bundle) does not pull this module out of the form's chunk.
export { humanize };

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  return typeof s.type === 'string' ? [s.type] : [];
}

function enumChoices(s: JsonSchema): EnumChoice[] | null {
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    return s.enum.map((v) => ({ value: v, label: String(v) }));
  }
  const alts = s.oneOf ?? s.anyOf;
  if (Array.isArray(alts) && alts.length > 0 && alts.every((a) => a && ('const' in a || (Array.isArray(a.enum) && a.enum.length === 1)))) {
    return alts.map((a) => {
      const value = 'const' in a ? a.const : a.enum![0];
      return { value, label: typeof a.title === 'string' ? a.title : String(value) };
    });
  }
  return null;
}

function fieldFor(key: string, s: JsonSchema, required: boolean): OptionField | null {
  const base = {
    key,
    label: typeof s.title === 'string' && s.title ? s.title : humanize(key),
    description: typeof s.description === 'string' ? s.description : undefined,
    required,
    default: s.default,
  };
  const choices = enumChoices(s);
  if (choices) return { ...base, kind: 'enum', choices };
  const types = typesOf(s).filter((t) => t !== 'null');
  if (types.length !== 1) return null;
  const t = types[0];
  if (t === 'boolean') return { ...base, kind: 'boolean' };
  if (t === 'string') return { ...base, kind: 'string' };
  if (t === 'integer' || t === 'number') {
    const kind: FieldKind = t;
    let min = typeof s.minimum === 'number' ? s.minimum : undefined;
    let max = typeof s.maximum === 'number' ? s.maximum : undefined;
    // Draft 2019+ exclusive bounds are numbers; draft-04 style are booleans on min/max.
    if (typeof s.exclusiveMinimum === 'number') min = kind === 'integer' ? Math.floor(s.exclusiveMinimum) + 1 : s.exclusiveMinimum;
    else if (s.exclusiveMinimum === true && min !== undefined && kind === 'integer') min += 1;
    if (typeof s.exclusiveMaximum === 'number') max = kind === 'integer' ? Math.ceil(s.exclusiveMaximum) - 1 : s.exclusiveMaximum;
    else if (s.exclusiveMaximum === true && max !== undefined && kind === 'integer') max -= 1;
    if (min !== undefined && Math.abs(min) >= HUGE) min = undefined;
    if (max !== undefined && Math.abs(max) >= HUGE) max = undefined;
    const step = typeof s.multipleOf === 'number' ? s.multipleOf : kind === 'integer' ? 1 : undefined;
    return { ...base, kind, min, max, step };
  }
  return null;
}

/** The form fields for an options schema, in the schema's property order. */
export function fieldsFromSchema(schema: JsonSchema | null | undefined): OptionField[] {
  if (!schema || typeof schema !== 'object' || !schema.properties) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields: OptionField[] = [];
  for (const [key, prop] of Object.entries(schema.properties)) {
    if (!prop || typeof prop !== 'object') continue;
    const f = fieldFor(key, prop, required.has(key));
    if (f) fields.push(f);
  }
  return fields;
}

/**
 * The starting value of each field: the schema default, else a sensible value that is valid
 * (the minimum of a number, false, the first choice), else nothing for optional fields.
 */
export function initialValues(fields: OptionField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.default !== undefined) values[f.key] = f.default;
    else if (f.kind === 'boolean') values[f.key] = false;
    else if (!f.required) continue;
    else if (f.kind === 'enum') values[f.key] = f.choices![0].value;
    else if (f.kind === 'integer' || f.kind === 'number') values[f.key] = f.min ?? 0;
    else values[f.key] = '';
  }
  return values;
}

/**
 * Reads one field's raw input: a checkbox's checked state, a select's option index, or an
 * input's text. Returns `undefined` for an empty optional number (the server's default applies).
 */
export function parseInput(field: OptionField, raw: string | boolean): unknown {
  switch (field.kind) {
    case 'boolean':
      return raw === true || raw === 'true' || raw === 'on';
    case 'enum': {
      const i = Number(raw);
      return field.choices![Number.isInteger(i) && i >= 0 && i < field.choices!.length ? i : 0].value;
    }
    case 'integer':
    case 'number': {
      const text = String(raw).trim();
      if (text === '') return undefined;
      const n = Number(text);
      return Number.isFinite(n) ? n : undefined;
    }
    default:
      return String(raw);
  }
}

/** A sentence naming what is wrong with a value, or null when it is acceptable. */
export function validateValue(field: OptionField, value: unknown): string | null {
  if (value === undefined) return field.required && field.default === undefined ? `${field.label} is required.` : null;
  if (field.kind === 'integer' || field.kind === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return `${field.label} must be a number.`;
    if (field.kind === 'integer' && !Number.isInteger(value)) return `${field.label} must be a whole number.`;
    if (field.min !== undefined && value < field.min) return `${field.label} must be at least ${field.min}.`;
    if (field.max !== undefined && value > field.max) return `${field.label} must be at most ${field.max}.`;
  }
  return null;
}

/** The options object to send: only keys with a value. */
export function collectOptions(fields: OptionField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (values[f.key] !== undefined) out[f.key] = values[f.key];
  return out;
}

/** The player counts a game type allows, smallest first. */
export function playerCounts(min: number, max: number): number[] {
  const lo = Math.max(1, Math.floor(min));
  const hi = Math.max(lo, Math.floor(max));
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}
