import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { graphql } from '../__generated__';
import { useDocumentDownloadLazyQuery } from '../__generated__/hooks';
import { useCreateBlueprintFromDocument } from '../hooks/use-create-blueprint';
import { readImportFile } from '../hooks/use-import-file';
import { documentFileName, documentFileText, parseDocumentFile } from '../lib/document-file';
import { describeError } from '../lib/errors';
import { saveBlob } from '../lib/save-blob';
import { allImportMessages, importErrorsOf, type PathedMessage } from './import/import-errors';
import { PathedErrors } from './import/pathed-errors';

graphql(`
  query DocumentDownload($id: ID!) {
    blueprint(id: $id) {
      id
      name
      revision
      document
    }
  }
`);

/** Server paths name the mutation's input; inside a file the document is the whole, so `input.document.` goes. */
function inFile(fileName: string, item: PathedMessage): PathedMessage {
  const path = item.path?.replace(/^(input\.)?document\.?/, '');
  return { ...item, path: path ? `${fileName}: ${path}` : fileName };
}

/**
 * Creates a blueprint from a document file (an export, or one written by
 * hand or by the CLI) and opens it. Nothing is created unless the server
 * accepts the whole document.
 */
export function CreateFromFileForm({ projectId }: { projectId: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<PathedMessage[]>([]);
  const [reading, setReading] = useState(false);
  const [createBlueprint, { loading }] = useCreateBlueprintFromDocument();
  const navigate = useNavigate();
  const { project: inUrl } = useParams();
  const busy = reading || loading;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setErrors([{ message: 'Choose a blueprint document (.json) first.' }]);
      return;
    }
    setErrors([]);
    setReading(true);
    const read = await readImportFile(file);
    setReading(false);
    if (!read.ok) return setErrors([{ path: file.name, message: read.message }]);
    const parsed = parseDocumentFile(file.name, read.text);
    if (!parsed.ok) return setErrors([{ path: parsed.path, message: parsed.message }]);
    try {
      const blueprint = await createBlueprint(projectId, parsed.document);
      if (blueprint) navigate(`/p/${inUrl ?? projectId}/blueprints/${blueprint.id}`);
    } catch (error) {
      setErrors(allImportMessages(importErrorsOf(error)).map((item) => inFile(file.name, item)));
    }
  }

  return (
    <form className="file-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Create from file</h3>
      <div className="field">
        <label htmlFor={`${id}-file`}>Blueprint document (JSON)</label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".json,application/json"
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? `${id}-error` : `${id}-hint`}
          onChange={() => setErrors([])}
        />
        <p id={`${id}-hint`} className="hint">
          A file downloaded from the editor, or written for the command line.
        </p>
        <PathedErrors id={`${id}-error`} items={errors} />
      </div>
      <button type="submit" className="secondary" disabled={busy}>
        {busy ? 'Creating…' : 'Create from file'}
      </button>
    </form>
  );
}

/**
 * Downloads the blueprint's current revision as `<name>.json` — what is
 * stored, fetched fresh, not the unsaved draft. Reads the blueprint from the
 * route, so the editor's toolbar places it without passing anything down.
 */
export function DownloadDocumentButton() {
  const { id = '' } = useParams();
  const [load, { loading }] = useDocumentDownloadLazyQuery({ fetchPolicy: 'network-only' });
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);

  async function onDownload() {
    setStatus(null);
    try {
      const result = await load({ variables: { id } });
      const blueprint = result.data?.blueprint;
      if (!blueprint) throw result.error ?? new Error('The blueprint was not found.');
      const fileName = documentFileName(blueprint.name);
      saveBlob(new Blob([documentFileText(blueprint.document)], { type: 'application/json' }), fileName);
      setStatus({ text: `Downloaded revision ${blueprint.revision} as ${fileName}.`, failed: false });
    } catch (error) {
      setStatus({ text: `Not downloaded: ${describeError(error)}`, failed: true });
    }
  }

  return (
    <div className="download-document">
      <button type="button" className="secondary" disabled={loading || !id} onClick={() => void onDownload()}>
        {loading ? 'Preparing…' : 'Download JSON'}
      </button>
      <span className={status?.failed ? 'field-error' : 'copy-status'} role="status" aria-live="polite">
        {status?.text}
      </span>
    </div>
  );
}
