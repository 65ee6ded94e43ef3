import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface EditorTab {
  id: string;
  label: string;
  /** A count or mark after the label, such as the number of revisions. */
  badge?: string;
  render(): ReactNode;
}

interface EditorTabsProps {
  tabs: readonly EditorTab[];
  active: string;
  onSelect(id: string): void;
}

/**
 * The editor's secondary panels (relationships, settings, history, runs,
 * download, API) as tabs, so they do not push the grid and the preview apart.
 * Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern).
 */
export function EditorTabs({ tabs, active, onSelect }: EditorTabsProps) {
  const id = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.find((t) => t.id === active) ?? tabs[0];

  function onKeyDown(event: KeyboardEvent, index: number) {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <div className="editor-tabs">
      <div role="tablist" aria-label="Blueprint panels" className="tab-strip">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-selected={tab.id === current.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab.id === current.id ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}
            {tab.badge && <span className="badge">{tab.badge}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current.id}`} className="tab-panel" tabIndex={0}>
        {current.render()}
      </div>
    </div>
  );
}
