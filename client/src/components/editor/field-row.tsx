import { useId, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { CatalogGenerator } from '../../hooks/use-generator-catalog';
import type { FieldDef } from '../../lib/blueprint-document';
import { withSubject, type LocatedIssue } from '../../lib/document-issues';
import { GeneratorPicker } from './generator-picker';
import { describedBy, IssueText } from './issue-text';
import { OptionsForm } from './options-form';

export const FIELD_DRAG_TYPE = 'application/x-seedbed-field';

interface FieldRowProps {
  /** `tableKey:fieldKey`: names its controls for the focus to be sent to (draft-commands.tsx). */
  focusKey: string;
  field: FieldDef;
  index: number;
  count: number;
  isKey: boolean;
  generator: CatalogGenerator | undefined;
  otherTables: readonly string[];
  /** Issues about this field (any key below it). */
  issues: readonly LocatedIssue[];
  readOnly: boolean;
  dropTarget: boolean;
  onChange(patch: Partial<FieldDef>): void;
  onGenerator(id: string): void;
  onDelete(): void;
  onDuplicate(): void;
  /** The row got the focus: the preview highlights this field's column. */
  onFocusRow(): void;
  onMove(to: number): void;
  onDragState(over: boolean): void;
  onDropAt(from: number): void;
}

const percentOf = (rate: number | undefined) => (rate === undefined ? '' : String(Math.round(rate * 10000) / 100));

/** One field as a row of the grid, with its options form folded out below it. */
export function FieldRow(props: FieldRowProps) {
  const { field, index, count, isKey, generator, issues, readOnly, onChange } = props;
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const label = field.name || `field ${index + 1}`;
  const at = (key: string) => issues.filter((i) => i.key === key).map((i) => i.message);
  const nameIssues = at('name');
  const generatorIssues = at('generator');
  const nullIssues = at('nullRate');
  const uniqueIssues = at('unique');
  const rowIssues = at('');
  const optionIssues = issues.filter((i) => i.key === 'options' || i.key.startsWith('options.') || i.key.startsWith('options['));
  const optionCount = Object.keys(field.options ?? {}).length;

  function onKeyDown(event: KeyboardEvent) {
    if (readOnly || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
    event.preventDefault();
    if (to >= 0 && to < count) props.onMove(to);
  }

  function onDragStart(event: DragEvent) {
    event.dataTransfer.setData(FIELD_DRAG_TYPE, String(index));
    event.dataTransfer.setData('text/plain', field.name);
    event.dataTransfer.effectAllowed = 'move';
    const row = (event.currentTarget as HTMLElement).closest('tbody');
    if (row) event.dataTransfer.setDragImage(row, 16, 16);
  }

  const dropHandlers = readOnly
    ? {}
    : {
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes(FIELD_DRAG_TYPE)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          props.onDragState(true);
        },
        onDragLeave: () => props.onDragState(false),
        onDrop: (event: DragEvent) => {
          const from = Number(event.dataTransfer.getData(FIELD_DRAG_TYPE));
          event.preventDefault();
          props.onDragState(false);
          if (Number.isInteger(from)) props.onDropAt(from);
        },
      };

  return (
    <tbody
      className={['field-row', props.dropTarget ? 'drop-target' : '', issues.length ? 'has-issues' : ''].join(' ')}
      data-field-index={index}
      onKeyDown={onKeyDown}
      onFocus={props.onFocusRow}
      {...dropHandlers}
    >
      <tr>
        <td className="handle-cell">
          {!readOnly && (
            <span className="drag-handle" draggable onDragStart={onDragStart} title="Drag to reorder, or press Alt+↑/↓ in the row" aria-hidden="true">
              ⠿
            </span>
          )}
          <span className="row-number">{index + 1}</span>
        </td>
        <td>
          <input
            data-focus-id={`field-name:${props.focusKey}`}
            aria-label={`Name of field ${index + 1}`}
            className="name-input"
            value={field.name}
            disabled={readOnly}
            spellCheck={false}
            aria-invalid={nameIssues.length ? true : undefined}
            aria-describedby={describedBy(nameIssues.length > 0 && `${id}-name`, rowIssues.length > 0 && `${id}-row`)}
            onChange={(e) => onChange({ name: e.target.value })}
          />
          {isKey && <span className="badge key-badge">key</span>}
        </td>
        <td>
          <GeneratorPicker focusId={`generator:${props.focusKey}`} value={field.generator} fieldLabel={label} readOnly={readOnly} invalid={generatorIssues.length > 0} describedById={generatorIssues.length ? `${id}-gen` : undefined} onChange={(g) => {
            props.onGenerator(g);
            setExpanded(true);
          }} />
        </td>
        <td className="null-cell-input">
          <span className="cell-label" aria-hidden="true">
            Null %
          </span>
          <input
            aria-label={`Null percent of ${label}`}
            className="percent-input"
            type="number"
            min={0}
            max={100}
            step="any"
            inputMode="decimal"
            value={percentOf(field.nullRate)}
            placeholder="0"
            disabled={readOnly}
            aria-invalid={nullIssues.length ? true : undefined}
            aria-describedby={nullIssues.length ? `${id}-null` : undefined}
            onChange={(e) => onChange({ nullRate: e.target.value === '' ? undefined : Number(e.target.value) / 100 })}
          />
        </td>
        <td className="unique-cell">
          <span className="cell-label" aria-hidden="true">
            Unique
          </span>
          <input
            type="checkbox"
            aria-label={`${label} is unique`}
            checked={field.unique === true}
            disabled={readOnly}
            aria-invalid={uniqueIssues.length ? true : undefined}
            aria-describedby={uniqueIssues.length ? `${id}-unique` : undefined}
            onChange={(e) => onChange({ unique: e.target.checked || undefined })}
          />
        </td>
        <td className="actions-cell">
          <button type="button" className={optionIssues.length ? 'secondary small invalid' : 'secondary small'} aria-expanded={expanded} aria-controls={`${id}-options`} onClick={() => setExpanded((e) => !e)}>
            Options{optionCount ? <span className="option-count"> ({optionCount})</span> : ''}
            <span className="visually-hidden"> of {label}</span>
          </button>
          {!readOnly && (
            <button type="button" className="icon danger" aria-label={`Delete field ${label}`} title="Delete field" onClick={props.onDelete}>
              <span aria-hidden="true">✕</span>
            </button>
          )}
        </td>
      </tr>
      {(nameIssues.length > 0 || rowIssues.length > 0 || generatorIssues.length > 0 || nullIssues.length > 0 || uniqueIssues.length > 0) && (
        // Below the row, across it: a message never squeezes a column or sits glued to a label.
        <tr className="issues-row">
          <td className="options-gap" />
          <td colSpan={5} className="issues-cell">
            <IssueText id={`${id}-name`} messages={nameIssues.map((m) => withSubject('Name', m))} />
            <IssueText id={`${id}-row`} messages={rowIssues} />
            <IssueText id={`${id}-gen`} messages={generatorIssues.map((m) => withSubject('Generator', m))} />
            <IssueText id={`${id}-null`} messages={nullIssues.map((m) => withSubject('Null %', m))} />
            <IssueText id={`${id}-unique`} messages={uniqueIssues.map((m) => withSubject('Unique', m))} />
          </td>
        </tr>
      )}
      {(expanded || optionIssues.length > 0) && (
        <tr className="options-row" id={`${id}-options`}>
          <td className="options-gap" />
          <td colSpan={5} className="options-cell">
            <OptionsForm generator={generator} field={field} otherTables={props.otherTables} issues={optionIssues} readOnly={readOnly} onChange={(options) => onChange({ options })} />
            {!readOnly && (
              <div className="button-row field-extra-actions">
                <button type="button" className="secondary small" aria-label={`Duplicate field ${label}`} onClick={props.onDuplicate}>
                  Duplicate field
                </button>
              </div>
            )}
          </td>
        </tr>
      )}
    </tbody>
  );
}
