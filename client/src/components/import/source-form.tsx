import { useId, type FormEvent } from 'react';
import type { ImportSource } from '../../__generated__/graphql';
import { formatBytes, SHOWN_TEXT_CHARS } from '../../hooks/use-import-file';
import { describedBy } from '../editor/issue-text';
import { DropZone } from './drop-zone';
import type { ImportErrors } from './import-errors';
import { IMPORT_SOURCES, sourceInfo } from './import-sources';
import { PathedErrors } from './pathed-errors';
import type { SniffedSource } from './sniff-source';

export interface SourceDraft {
  source: ImportSource;
  /** The user chose the source: sniffing no longer changes it. */
  picked: boolean;
  sniffed?: SniffedSource;
  text: string;
  url: string;
  name: string;
  /** The file the text was read from, if any. */
  fileName?: string;
}

interface SourceFormProps {
  draft: SourceDraft;
  errors: ImportErrors;
  busy: boolean;
  dragging: boolean;
  onText(text: string): void;
  onUrl(url: string): void;
  onName(name: string): void;
  onPickSource(source: ImportSource): void;
  onFile(file: File): void;
  onReview(): void;
}

/** Step one: what to import — the source kind, its text (pasted or from a file) or URL, and a name. */
export function SourceForm({ draft, errors, busy, dragging, onText, onUrl, onName, onPickSource, onFile, onReview }: SourceFormProps) {
  const id = useId();
  const info = sourceInfo(draft.source);
  const isUrl = draft.source === 'POSTGRES_URL';
  const has = (field: keyof ImportErrors['fields']) => (errors.fields[field]?.length ?? 0) > 0;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onReview();
  }

  return (
    <form className="import-form panel" onSubmit={onSubmit} noValidate aria-busy={busy} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>1. What to import</h2>
      <PathedErrors items={errors.form} />
      <div className="import-form-grid">
        <div className={has('source') ? 'field invalid' : 'field'}>
          <label htmlFor={`${id}-source`}>Source</label>
          <select
            id={`${id}-source`}
            value={draft.source}
            onChange={(e) => onPickSource(e.currentTarget.value as ImportSource)}
            aria-invalid={has('source') || undefined}
            aria-describedby={describedBy(`${id}-source-hint`, has('source') && `${id}-source-error`)}
          >
            {IMPORT_SOURCES.map((s) => (
              <option key={s.source} value={s.source}>
                {s.label}
              </option>
            ))}
          </select>
          <p id={`${id}-source-hint`} className="hint">
            {draft.sniffed && (!draft.picked || draft.sniffed.source === draft.source)
              ? `Detected ${sourceInfo(draft.sniffed.source).label}: ${draft.sniffed.because}.`
              : draft.sniffed && draft.sniffed.source !== draft.source
                ? `You picked this; the text looks like ${sourceInfo(draft.sniffed.source).label} (${draft.sniffed.because}).`
                : // What the source is for is said under the text already; here, that the text decides it.
                  'Guessed from the text once you paste or drop it; pick another to override the guess.'}
          </p>
          <PathedErrors id={`${id}-source-error`} items={errors.fields.source} />
        </div>
        <div className={has('name') ? 'field invalid' : 'field'}>
          <label htmlFor={`${id}-name`}>Blueprint name</label>
          <input
            id={`${id}-name`}
            value={draft.name}
            autoComplete="off"
            placeholder="Named after the source"
            onChange={(e) => onName(e.currentTarget.value)}
            aria-invalid={has('name') || undefined}
            aria-describedby={describedBy(has('name') && `${id}-name-error`)}
          />
          <PathedErrors id={`${id}-name-error`} items={errors.fields.name} />
        </div>
      </div>
      {isUrl ? (
        <div className={has('url') ? 'field invalid' : 'field'}>
          <label htmlFor={`${id}-url`}>Database URL</label>
          {/* A password field: the URL usually carries one, and should not sit on screen. */}
          <input
            id={`${id}-url`}
            type="password"
            value={draft.url}
            autoComplete="off"
            spellCheck={false}
            placeholder="postgres://user:password@host:5432/database"
            onChange={(e) => onUrl(e.currentTarget.value)}
            aria-invalid={has('url') || undefined}
            aria-describedby={describedBy(`${id}-url-hint`, has('url') && `${id}-url-error`)}
          />
          <p id={`${id}-url-hint`} className="hint">
            {info.hint} The server reads it through the same guard as load runs.
          </p>
          <PathedErrors id={`${id}-url-error`} items={errors.fields.url} />
        </div>
      ) : (
        <div className={has('text') ? 'field invalid' : 'field'}>
          {draft.text.length > SHOWN_TEXT_CHARS ? (
            <div role="group" aria-labelledby={`${id}-text-label`} aria-describedby={describedBy(`${id}-text-hint`, has('text') && `${id}-text-error`)} className="large-text">
              <span id={`${id}-text-label`} className="label-like">
                Schema or sample
              </span>
              <p>
                {draft.fileName ?? 'The text'}: {formatBytes(new Blob([draft.text]).size)}, too large to show here; it is sent as it was read.
              </p>
              <button type="button" className="secondary small" onClick={() => onText('')}>
                Clear
              </button>
            </div>
          ) : (
            <>
              <label htmlFor={`${id}-text`}>Schema or sample</label>
              <textarea
                id={`${id}-text`}
                className="json-input import-text"
                rows={12}
                value={draft.text}
                spellCheck={false}
                autoCapitalize="off"
                autoCorrect="off"
                placeholder="Paste it here, or drop a file."
                onChange={(e) => onText(e.currentTarget.value)}
                aria-invalid={has('text') || undefined}
                aria-describedby={describedBy(`${id}-text-hint`, has('text') && `${id}-text-error`)}
              />
            </>
          )}
          <p id={`${id}-text-hint`} className="hint">
            {draft.fileName ? `Read from ${draft.fileName}. ` : ''}
            {info.hint}
          </p>
          <PathedErrors id={`${id}-text-error`} items={errors.fields.text} />
          <DropZone label="Schema or sample file" active={dragging} disabled={busy} describedBy={`${id}-text-hint`} onFile={onFile} />
        </div>
      )}
      <div className="button-row">
        <button type="submit" disabled={busy}>
          {busy ? 'Reading…' : 'Review'}
        </button>
      </div>
    </form>
  );
}
