import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { graphql } from '../../__generated__';
import { useGeneratorCategoriesQuery, useGeneratorSearchQuery } from '../../__generated__/hooks';
import { describeError } from '../../lib/errors';
import { formatValue } from './format-value';

graphql(`
  query GeneratorSearch($search: String, $category: String) {
    generators(search: $search, category: $category) {
      id
      category
      description
      outputType
      examples
    }
  }
`);

graphql(`
  query GeneratorCategories {
    generatorCategories
  }
`);

const SEARCH_DELAY_MS = 200;
/** The listbox shows this many matches; more means the search should be narrowed. */
const SHOWN = 60;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

interface GeneratorPickerProps {
  value: string;
  /** Names the field, for the button's accessible name. */
  fieldLabel: string;
  readOnly: boolean;
  invalid?: boolean;
  describedById?: string;
  onChange(generatorId: string): void;
}

/** The field's generator as a button; opening it shows a searchable catalog (combobox + listbox). */
export function GeneratorPicker({ value, fieldLabel, readOnly, invalid, describedById, onChange }: GeneratorPickerProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  return (
    <div className="generator-picker">
      <button
        ref={buttonRef}
        type="button"
        className={invalid ? 'picker-button invalid' : 'picker-button'}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`Generator of ${fieldLabel}: ${value}`}
        aria-invalid={invalid || undefined}
        aria-describedby={describedById}
        disabled={readOnly}
        onClick={() => setOpen((o) => !o)}
      >
        <code>{value || 'choose…'}</code>
      </button>
      {open && (
        <GeneratorCatalogPanel
          fieldLabel={fieldLabel}
          current={value}
          onPick={(id) => {
            onChange(id);
            close(true);
          }}
          onCancel={() => close(true)}
        />
      )}
    </div>
  );
}

interface PanelProps {
  fieldLabel: string;
  current: string;
  onPick(id: string): void;
  onCancel(): void;
}

function GeneratorCatalogPanel({ fieldLabel, current, onPick, onCancel }: PanelProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [active, setActive] = useState(0);
  const debouncedSearch = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const categories = useGeneratorCategoriesQuery({ fetchPolicy: 'cache-first' });
  const { data, previousData, loading, error } = useGeneratorSearchQuery({
    variables: { search: debouncedSearch || null, category: category || null },
    fetchPolicy: 'cache-first',
  });
  const all = (data ?? previousData)?.generators ?? [];
  const shown = all.slice(0, SHOWN);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => setActive(0), [debouncedSearch, category]);
  const activeId = shown[active] ? `${id}-opt-${active}` : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') setActive((a) => Math.min(a + 1, shown.length - 1));
    else if (event.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (event.key === 'Home' && event.ctrlKey) setActive(0);
    else if (event.key === 'End' && event.ctrlKey) setActive(Math.max(0, shown.length - 1));
    else if (event.key === 'Enter' && shown[active]) onPick(shown[active].id);
    else if (event.key === 'Escape') onCancel();
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div className="picker-panel" role="dialog" aria-label={`Choose the generator of ${fieldLabel}`} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <div className="picker-filters">
        <div className="field">
          <label htmlFor={`${id}-search`}>Search generators</label>
          <input
            ref={inputRef}
            id={`${id}-search`}
            type="search"
            role="combobox"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            value={search}
            placeholder="e.g. email, city, date"
            autoComplete="off"
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All categories</option>
            {(categories.data?.generatorCategories ?? []).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="hint" role="status" aria-live="polite">
        {error ? `Could not search: ${describeError(error)}` : loading && !all.length ? 'Searching…' : `${all.length} generator${all.length === 1 ? '' : 's'}${all.length > SHOWN ? `, showing the first ${SHOWN}: narrow the search` : ''}.`}
      </p>
      <ul id={`${id}-list`} role="listbox" aria-label="Generators" className="picker-list" tabIndex={-1}>
        {shown.map((g, i) => (
          <li
            key={g.id}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className={[i === active ? 'active' : '', g.id === current ? 'current' : ''].join(' ')}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => onPick(g.id)}
          >
            <span className="picker-id">
              <code>{g.id}</code> <span className="badge">{g.outputType.toLowerCase()}</span>
              {g.id === current && <span className="badge">current</span>}
            </span>
            <span className="picker-description">{g.description}</span>
            {g.examples.length > 0 && <span className="picker-examples">e.g. {g.examples.slice(0, 3).map(formatValue).join(' · ')}</span>}
          </li>
        ))}
      </ul>
      <button type="button" className="secondary small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
