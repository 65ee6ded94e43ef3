/**
 * Turns a generator's `optionsSchema` (JSON Schema) into the controls of an
 * options form. Only the shapes the catalog uses get a dedicated control;
 * anything else is edited as JSON, so no option is ever out of reach.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  description?: string;
  pattern?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
};

interface ControlBase {
  name: string;
  required: boolean;
  description?: string;
  default?: unknown;
}

export type OptionControl =
  | (ControlBase & { kind: 'text'; pattern?: string })
  | (ControlBase & { kind: 'integer' | 'number'; min?: number; max?: number; step?: number })
  | (ControlBase & { kind: 'boolean' })
  | (ControlBase & { kind: 'enum'; values: string[] })
  /** An object of name → number, such as `weighted`'s values and weights. */
  | (ControlBase & { kind: 'weights' })
  /** A list of strings, such as `list`'s values. */
  | (ControlBase & { kind: 'list' })
  /** `ref`'s table: one of the blueprint's other tables. */
  | (ControlBase & { kind: 'table' })
  | (ControlBase & { kind: 'json' });

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

function isWeights(schema: JsonSchema): boolean {
  const values = schema.additionalProperties;
  return typeOf(schema) === 'object' && typeof values === 'object' && (typeOf(values) === 'number' || typeOf(values) === 'integer');
}

function isStringList(schema: JsonSchema): boolean {
  return typeOf(schema) === 'array' && (!schema.items || typeOf(schema.items) === 'string');
}

/** For a oneOf/anyOf, the variant a form can edit best (the catalog lists its friendliest shape first). */
function editableVariant(schema: JsonSchema): JsonSchema {
  const variants = schema.oneOf ?? schema.anyOf;
  if (!variants) return schema;
  const pick = variants.find((v) => isWeights(v) || isStringList(v)) ?? variants.find((v) => typeOf(v) !== undefined && typeOf(v) !== 'object' && typeOf(v) !== 'array');
  return pick ? { description: schema.description, default: schema.default, ...pick } : schema;
}

export function controlFor(name: string, raw: JsonSchema, required: boolean, generatorId?: string): OptionControl {
  const base = { name, required, description: raw.description, default: raw.default };
  if (generatorId === 'ref' && name === 'table') return { ...base, kind: 'table' };
  const schema = editableVariant(raw);
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) {
    return { ...base, kind: 'enum', values: schema.enum as string[] };
  }
  switch (typeOf(schema)) {
    case 'string':
      return { ...base, kind: 'text', pattern: schema.pattern };
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum;
      const max = schema.maximum ?? schema.exclusiveMaximum;
      return { ...base, kind: typeOf(schema) as 'integer' | 'number', min, max, step: typeOf(schema) === 'integer' ? 1 : undefined };
    }
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'object':
      if (isWeights(schema)) return { ...base, kind: 'weights' };
      break;
    case 'array':
      if (isStringList(schema)) return { ...base, kind: 'list' };
      break;
  }
  return { ...base, kind: 'json' };
}

/** Every option of a generator, required ones first, each with its control. */
export function optionControls(schema: unknown, generatorId?: string): OptionControl[] {
  const s = (schema ?? {}) as JsonSchema;
  const required = new Set(s.required ?? []);
  const entries = Object.entries(s.properties ?? {});
  entries.sort(([a], [b]) => Number(required.has(b)) - Number(required.has(a)));
  return entries.map(([name, prop]) => controlFor(name, prop ?? {}, required.has(name), generatorId));
}

/** A value typed into a number control: '' clears the option; anything unparsable is kept as text for the server to report. */
export function parseNumberInput(text: string, kind: 'integer' | 'number'): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return trimmed;
  return kind === 'integer' && !Number.isInteger(value) ? trimmed : value;
}

/** Options with `name` set to `value`, or removed when `value` is undefined (the generator's default applies). */
export function withOption(options: Record<string, unknown> | undefined, name: string, value: unknown): Record<string, unknown> {
  const next = { ...(options ?? {}) };
  if (value === undefined) delete next[name];
  else next[name] = value;
  return next;
}

/** Whether a list value can be edited as a list of strings (otherwise it falls back to JSON). */
export function isEditableList(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
}

/** Whether a weights value is the object form the key/value editor edits. */
export function isEditableWeights(value: unknown): boolean {
  return value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value));
}

/** A hint line for a control: its description, and its default when it has one. */
export function helpText(control: OptionControl): string | undefined {
  const parts = [control.description];
  if (control.default !== undefined) parts.push(`Default: ${JSON.stringify(control.default)}.`);
  if (control.kind === 'integer' || control.kind === 'number') {
    if (control.min !== undefined && control.max !== undefined) parts.push(`From ${control.min} to ${control.max}.`);
    else if (control.min !== undefined) parts.push(`At least ${control.min}.`);
    else if (control.max !== undefined) parts.push(`At most ${control.max}.`);
  }
  const text = parts.filter(Boolean).join(' ');
  return text || undefined;
}
