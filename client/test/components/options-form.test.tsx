/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { OptionsForm } from '../../src/components/editor/options-form';
import type { CatalogGenerator } from '../../src/hooks/use-generator-catalog';
import type { FieldDef } from '../../src/lib/blueprint-document';
import { locateIssue } from '../../src/lib/document-issues';

const generator = (id: string, optionsSchema: unknown): CatalogGenerator => ({
  __typename: 'Generator',
  id,
  category: id.split('.')[0],
  description: '',
  optionsSchema,
  outputType: 'STRING',
  examples: [],
});

const NUMBER_INT = generator('number.int', {
  type: 'object',
  properties: { min: { type: 'integer' }, max: { type: 'integer' }, multipleOf: { type: 'integer', minimum: 1, description: 'Only multiples of this' } },
  additionalProperties: false,
});
const WEIGHTED = generator('weighted', {
  type: 'object',
  properties: { values: { oneOf: [{ type: 'object', additionalProperties: { type: 'number', minimum: 0 } }, { type: 'array' }] } },
  required: ['values'],
});
const LIST = generator('list', { type: 'object', properties: { values: { type: 'array', minItems: 1 } }, required: ['values'] });
const PERSON = generator('person.firstName', { type: 'object', properties: { sex: { type: 'string', enum: ['female', 'male'] } } });
const REF = generator('ref', { type: 'object', properties: { table: { type: 'string' }, field: { type: 'string' } }, required: ['table'] });
const CONSTANT = generator('constant', { type: 'object', properties: { value: {} }, required: ['value'] });

/** The form wired to state, as the editor does, reporting every change. */
function Harness({ gen, initial, onOptions, readOnly = false, issues = [] }: { gen: CatalogGenerator; initial?: Record<string, unknown>; onOptions: (o: unknown) => void; readOnly?: boolean; issues?: ReturnType<typeof locateIssue>[] }) {
  const [field, setField] = useState<FieldDef>({ name: 'amount', generator: gen.id, options: initial });
  return (
    <OptionsForm
      generator={gen}
      field={field}
      otherTables={['users', 'orders']}
      issues={issues}
      readOnly={readOnly}
      onChange={(options) => {
        setField((f) => ({ ...f, options }));
        onOptions(options);
      }}
    />
  );
}

describe('OptionsForm', () => {
  it('renders integer options as number inputs with help, and sets and clears them', () => {
    const onOptions = jest.fn();
    render(<Harness gen={NUMBER_INT} initial={{ min: 1 }} onOptions={onOptions} />);
    expect(screen.getByRole('group', { name: /Options of number.int/ })).toBeTruthy();
    const max = screen.getByLabelText('Max') as HTMLInputElement;
    expect(max.type).toBe('number');
    expect((screen.getByLabelText('Min') as HTMLInputElement).value).toBe('1');
    fireEvent.change(max, { target: { value: '10' } });
    expect(onOptions).toHaveBeenLastCalledWith({ min: 1, max: 10 });
    fireEvent.change(screen.getByLabelText('Min'), { target: { value: '' } });
    expect(onOptions).toHaveBeenLastCalledWith({ max: 10 });
    const multiple = screen.getByLabelText('Multiple of') as HTMLInputElement;
    expect(multiple.min).toBe('1');
    expect(document.getElementById(multiple.getAttribute('aria-describedby')!)!.textContent).toMatch(/Only multiples of this/);
  });

  it('shows a server issue at its option and marks the input invalid', () => {
    const issue = locateIssue({ path: 'tables[0].fields[1].options.max', message: 'must be ≥ min (5)' });
    render(<Harness gen={NUMBER_INT} initial={{ min: 5, max: 1 }} onOptions={jest.fn()} issues={[issue]} />);
    const max = screen.getByLabelText('Max');
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(max.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).toBe('Max must be ≥ min (5).');
    expect(screen.getByLabelText('Min').getAttribute('aria-invalid')).toBeNull();
  });

  it('edits weighted values as value/weight pairs', () => {
    const onOptions = jest.fn();
    render(<Harness gen={WEIGHTED} initial={{ values: { paid: 70 } }} onOptions={onOptions} />);
    const group = screen.getByRole('group', { name: 'Values (required)' });
    expect((within(group).getByLabelText('Values: value 1') as HTMLInputElement).value).toBe('paid');
    fireEvent.click(within(group).getByRole('button', { name: 'Add value' }));
    fireEvent.change(within(group).getByLabelText('Values: value 2'), { target: { value: 'pending' } });
    fireEvent.change(within(group).getByLabelText('Values: weight of pending'), { target: { value: '30' } });
    expect(onOptions).toHaveBeenLastCalledWith({ values: { paid: 70, pending: 30 } });
    fireEvent.click(within(group).getByRole('button', { name: 'Remove paid from Values' }));
    expect(onOptions).toHaveBeenLastCalledWith({ values: { pending: 30 } });
  });

  it('edits list values as a list of strings', () => {
    const onOptions = jest.fn();
    render(<Harness gen={LIST} onOptions={onOptions} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    fireEvent.change(screen.getByLabelText('Values: item 1'), { target: { value: 'red' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    fireEvent.change(screen.getByLabelText('Values: item 2'), { target: { value: '{colour}' } });
    expect(onOptions).toHaveBeenLastCalledWith({ values: ['red', '{colour}'] });
    expect(screen.getByText(/\{field\} to use another field/)).toBeTruthy();
  });

  it('offers enum values in a select and the other tables for ref', () => {
    const onOptions = jest.fn();
    const { unmount } = render(<Harness gen={PERSON} onOptions={onOptions} />);
    fireEvent.change(screen.getByLabelText('Sex'), { target: { value: 'female' } });
    expect(onOptions).toHaveBeenLastCalledWith({ sex: 'female' });
    unmount();
    render(<Harness gen={REF} initial={{ table: 'users' }} onOptions={onOptions} />);
    const table = screen.getByLabelText('Table (required)') as HTMLSelectElement;
    expect([...table.options].map((o) => o.value)).toEqual(['', 'users', 'orders']);
    fireEvent.change(table, { target: { value: 'orders' } });
    expect(onOptions).toHaveBeenLastCalledWith({ table: 'orders' });
  });

  it('falls back to JSON, changing the value only when the text parses', () => {
    const onOptions = jest.fn();
    render(<Harness gen={CONSTANT} onOptions={onOptions} />);
    const text = screen.getByLabelText('Value (required)');
    fireEvent.change(text, { target: { value: '{"a": ' } });
    expect(onOptions).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/Not valid JSON/);
    fireEvent.change(text, { target: { value: '{"a": 1}' } });
    expect(onOptions).toHaveBeenLastCalledWith({ value: { a: 1 } });
  });

  it('is read-only for a viewer', () => {
    render(<Harness gen={WEIGHTED} initial={{ values: { paid: 1 } }} onOptions={jest.fn()} readOnly />);
    expect((screen.getByLabelText('Values: value 1') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add value' })).toBeNull();
  });
});
