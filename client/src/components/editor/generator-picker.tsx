import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useGeneratorCatalog } from '../../hooks/use-generator-catalog';
import { describeError } from '../../lib/errors';
import { rankGenerators } from '../../lib/engine';
import { formatValue } from './format-value';
import { InlineCode } from './inline-code';

interface GeneratorPickerProps {
  /** Its `data-focus-id`: where the focus goes back once a generator is chosen. */
  focusId?: string;
  value: string;
  /** Names the field, for the button's accessible name. */
  fieldLabel: string;
  readOnly: boolean;
  invalid?: boolean;
  describedById?: string;
  onChange(generatorId: string): void;
}

/**
 * The field's generator as a button; it opens the whole catalog in a modal
 * dialog (so the grid never widens), searched as the user types.
 */
export function GeneratorPicker({ focusId, value, fieldLabel, readOnly, invalid, describedById, onChange }: GeneratorPickerProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The focus goes back to the button once the dialog is gone: focused while it was still open, it fell to the page.
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div className="generator-picker">
      <button
        ref={buttonRef}
        type="button"
        data-focus-id={focusId}
        className={invalid ? 'picker-button invalid' : 'picker-button'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`Generator of ${fieldLabel}: ${value}`}
        aria-invalid={invalid || undefined}
        aria-describedby={describedById}
        disabled={readOnly}
        title={value}
        onClick={() => setOpen(true)}
      >
        <code>{value || 'choose…'}</code>
      </button>
      {open && (
        <GeneratorDialog
          fieldLabel={fieldLabel}
          current={value}
          onPick={(id) => {
            onChange(id);
            close();
          }}
          onCancel={close}
        />
      )}
    </div>
  );
}

interface DialogProps {
  fieldLabel: string;
  current: string;
  onPick(id: string): void;
  onCancel(): void;
}

function GeneratorDialog({ fieldLabel, current, onPick, onCancel }: DialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const catalog = useGeneratorCatalog();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const all = useMemo(() => [...catalog.byId.values()], [catalog.byId]);
  const categories = useMemo(() => [...new Set(all.map((g) => g.category))].sort(), [all]);
  const searching = search.trim() !== '';
  // Searching: best matches first, in one list (Enter takes the first). Browsing: the catalog by category.
  const shown = useMemo(() => {
    const ranked = rankGenerators(all, search, category);
    return searching ? ranked : [...ranked].sort((a, b) => a.category.localeCompare(b.category) || a.id.localeCompare(b.id));
  }, [all, search, category, searching]);
  // The active option belongs to the list it was moved in: a new search starts at its best match in the same render,
  // so an Enter typed right after the search (before any effect) takes that match, not a row of the old list.
  const listKey = `${search}\u0000${category}`;
  const [cursor, setCursor] = useState<{ list: string; index: number } | null>(null);
  const start = searching ? 0 : Math.max(0, shown.findIndex((g) => g.id === current));
  const active = cursor?.list === listKey ? Math.min(cursor.index, Math.max(0, shown.length - 1)) : start;
  const setActive = (next: number | ((index: number) => number)) => setCursor({ list: listKey, index: typeof next === 'function' ? next(active) : next });

  useEffect(() => {
    const dialog = dialogRef.current;
    // jsdom has no showModal; a browser gets the top layer, focus containment and Escape.
    if (dialog && typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    inputRef.current?.focus();
  }, []);
  const activeId = shown[active] ? `${id}-opt-${shown[active].id}` : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') setActive((a) => Math.min(a + 1, shown.length - 1));
    else if (event.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (event.key === 'PageDown') setActive((a) => Math.min(a + 8, shown.length - 1));
    else if (event.key === 'PageUp') setActive((a) => Math.max(a - 8, 0));
    else if (event.key === 'Enter' && shown[active]) onPick(shown[active].id);
    else return;
    event.preventDefault();
  }

  const groups = searching
    ? [{ category: 'Best matches', items: shown.map((g, i) => ({ g, i })) }].filter((group) => group.items.length > 0)
    : categories.map((c) => ({ category: c, items: shown.map((g, i) => ({ g, i })).filter(({ g }) => g.category === c) })).filter((group) => group.items.length > 0);
  const status = catalog.error
    ? `Could not load the catalog: ${describeError(catalog.error)}`
    : catalog.loading && all.length === 0
      ? 'Loading the catalog…'
      : `${shown.length} of ${all.length} generators.`;

  return (
    <dialog
      ref={dialogRef}
      className="picker-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={(event) => {
        // Chromium skips the cancel event for an Escape with no user activation since the dialog opened: closed here whatever the browser does.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) onCancel();
      }}
    >
      <div className="picker-panel">
        <div className="picker-head">
          <h2 id={`${id}-title`}>Generator of {fieldLabel}</h2>
          <button type="button" className="secondary small" onClick={onCancel}>
            Cancel
          </button>
        </div>
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
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="hint" role="status" aria-live="polite">
          {status} <span className="picker-keys">↑/↓ to move, Enter to choose, Esc to cancel.</span>
        </p>
        <div id={`${id}-list`} role="listbox" aria-label="Generators" className="picker-list" tabIndex={-1}>
          {groups.map(({ category: c, items }) => (
            <div role="group" aria-labelledby={`${id}-cat-${c.replace(/\W/g, '-')}`} key={c}>
              <div className="picker-category" id={`${id}-cat-${c.replace(/\W/g, '-')}`} role="presentation">
                {c} <span className="meta">({items.length})</span>
              </div>
              {items.map(({ g, i }) => (
                <div
                  key={g.id}
                  id={`${id}-opt-${g.id}`}
                  role="option"
                  aria-selected={i === active}
                  className={['picker-option', i === active ? 'active' : '', g.id === current ? 'current' : ''].join(' ')}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => i !== active && setActive(i)}
                  onClick={() => onPick(g.id)}
                >
                  <span className="picker-id">
                    <code>{g.id}</code> <span className="badge">{g.outputType.toLowerCase()}</span>
                    {searching && <span className="badge">{g.category}</span>}
                    {g.id === current && <span className="badge">current</span>}
                  </span>
                  <span className="picker-description">
                    <InlineCode text={g.description} />
                  </span>
                  {g.examples.length > 0 && <span className="picker-examples">e.g. {g.examples.slice(0, 3).map(formatValue).join(' · ')}</span>}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </dialog>
  );
}
