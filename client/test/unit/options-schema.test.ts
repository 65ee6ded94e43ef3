import { controlFor, optionControls, parseNumberInput, withOption } from '../../src/lib/options-schema';

describe('optionControls', () => {
  it('builds number, enum, boolean and text controls with their limits, required first', () => {
    const controls = optionControls({
      type: 'object',
      properties: {
        min: { type: 'integer' },
        precision: { type: 'number', exclusiveMinimum: 0 },
        length: { type: 'integer', minimum: 1, maximum: 64, default: 12 },
        sex: { type: 'string', enum: ['female', 'male'], description: 'Only names of this sex' },
        memorable: { type: 'boolean' },
        expr: { type: 'string', minLength: 1 },
      },
      required: ['expr'],
    });
    expect(controls.map((c) => [c.name, c.kind])).toEqual([
      ['expr', 'text'],
      ['min', 'integer'],
      ['precision', 'number'],
      ['length', 'integer'],
      ['sex', 'enum'],
      ['memorable', 'boolean'],
    ]);
    expect(controls[0].required).toBe(true);
    expect(controls.find((c) => c.name === 'length')).toMatchObject({ min: 1, max: 64, step: 1, default: 12 });
    expect(controls.find((c) => c.name === 'sex')).toMatchObject({ values: ['female', 'male'], description: 'Only names of this sex' });
  });

  it('edits weighted values (oneOf object | array) as weights and list values as a list', () => {
    const weighted = {
      oneOf: [
        { type: 'object', minProperties: 1, additionalProperties: { type: 'number', minimum: 0 } },
        { type: 'array', items: { type: 'object', required: ['value', 'weight'] } },
      ],
    };
    expect(controlFor('values', weighted, true).kind).toBe('weights');
    expect(controlFor('values', { type: 'array', minItems: 1 }, true).kind).toBe('list');
    expect(controlFor('values', { type: 'array', items: { type: 'string' } }, true).kind).toBe('list');
  });

  it('gives ref a table picker and falls back to JSON for anything else', () => {
    expect(optionControls({ properties: { table: { type: 'string' }, field: { type: 'string' } }, required: ['table'] }, 'ref').map((c) => c.kind)).toEqual(['table', 'text']);
    expect(controlFor('value', {}, true).kind).toBe('json');
    expect(controlFor('shape', { type: 'object', properties: {} }, false).kind).toBe('json');
    expect(controlFor('xs', { type: 'array', items: { type: 'integer' } }, false).kind).toBe('json');
  });
});

describe('option values', () => {
  it('parses numbers, clears on empty, keeps what does not parse for the server to report', () => {
    expect(parseNumberInput('42', 'integer')).toBe(42);
    expect(parseNumberInput(' 0.5 ', 'number')).toBe(0.5);
    expect(parseNumberInput('', 'number')).toBeUndefined();
    expect(parseNumberInput('1.5', 'integer')).toBe('1.5');
  });

  it('sets and removes an option without touching the others', () => {
    expect(withOption({ min: 1, max: 2 }, 'max', undefined)).toEqual({ min: 1 });
    expect(withOption(undefined, 'min', 3)).toEqual({ min: 3 });
  });
});
