import { useId, type Dispatch, type ReactNode } from 'react';
import { graphql } from '../../__generated__';
import { useLocalesQuery } from '../../__generated__/hooks';
import type { DraftAction, SettingsPatch } from '../../hooks/use-blueprint-draft';
import type { BlueprintDocument } from '../../lib/blueprint-document';
import type { LocatedIssue } from '../../lib/document-issues';
import { IssueText } from './issue-text';

graphql(`
  query Locales {
    locales
  }
`);

/** Shown while the list loads, and the engine's default. */
const DEFAULT_LOCALE = 'en';

interface BlueprintSettingsProps {
  document: BlueprintDocument;
  issues: readonly LocatedIssue[];
  readOnly: boolean;
  dispatch: Dispatch<DraftAction>;
}

/** Name, locale, default seed and reference date of the whole blueprint. */
export function BlueprintSettings({ document, issues, readOnly, dispatch }: BlueprintSettingsProps) {
  const id = useId();
  const locales = useLocalesQuery({ fetchPolicy: 'cache-first' }).data?.locales ?? [DEFAULT_LOCALE];
  const locale = document.locale ?? DEFAULT_LOCALE;
  const at = (key: string) => issues.filter((i) => i.table === undefined && i.key === key).map((i) => i.message);
  const input = (key: 'name' | 'locale' | 'seed' | 'refDate', label: string, control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; disabled: boolean }) => ReactNode, hint?: string) => {
    const messages = at(key);
    const describedBy = [hint ? `${id}-${key}-hint` : '', messages.length ? `${id}-${key}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={messages.length ? 'field compact invalid' : 'field compact'}>
        <label htmlFor={`${id}-${key}`}>{label}</label>
        {control({ id: `${id}-${key}`, 'aria-invalid': messages.length ? true : undefined, 'aria-describedby': describedBy, disabled: readOnly })}
        {hint && <p id={`${id}-${key}-hint`} className="hint">{hint}</p>}
        <IssueText id={`${id}-${key}-error`} messages={messages} />
      </div>
    );
  };
  const set = (patch: SettingsPatch) => dispatch({ type: 'settings', patch });

  return (
    <section className="blueprint-settings" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Blueprint settings</h2>
      <div className="settings-grid">
        {input('name', 'Blueprint name', (p) => <input {...p} value={document.name} onChange={(e) => set({ name: e.target.value })} />)}
        {input(
          'locale',
          'Locale',
          (p) => (
            <select {...p} value={locale} onChange={(e) => set({ locale: e.target.value })}>
              {!locales.includes(locale) && <option value={locale}>{locale} (not supported)</option>}
              {locales.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          ),
          'Names, addresses and phone numbers follow it.',
        )}
        {input(
          'seed',
          'Default seed',
          (p) => (
            <input {...p} type="number" min={0} max={2147483647} step={1} value={document.seed ?? ''} placeholder="0" onChange={(e) => set({ seed: e.target.value === '' ? undefined : Number(e.target.value) })} />
          ),
          'The same seed gives the same rows.',
        )}
        {input(
          'refDate',
          'Reference date',
          (p) => <input {...p} type="date" value={document.refDate ?? ''} onChange={(e) => set({ refDate: e.target.value || undefined })} />,
          'Anchors relative dates (birthdates, “recent”).',
        )}
      </div>
    </section>
  );
}
