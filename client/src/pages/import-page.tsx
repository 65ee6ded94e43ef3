import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { graphql } from '../__generated__';
import type { ImportSource } from '../__generated__/graphql';
import { useImportPageQuery } from '../__generated__/hooks';
import { allImportMessages, countImportErrors, importErrorsOf, noImportErrors, type ImportErrors, type ImportField, type PathedMessage } from '../components/import/import-errors';
import { sourceInfo } from '../components/import/import-sources';
import { ImportReview, reviewSummary } from '../components/import/import-review';
import { sniffSource } from '../components/import/sniff-source';
import { SourceForm, type SourceDraft } from '../components/import/source-form';
import { ProjectNav } from '../components/project-nav';
import { ErrorMessage, Loading } from '../components/status';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useImportBlueprint, useImportPreview, type ImportRequest, type ImportResult, type Review } from '../hooks/use-import';
import { formatBytes, readImportFile, useFileDrop } from '../hooks/use-import-file';
import { asDocument, type BlueprintDocument } from '../lib/blueprint-document';
import { projectPath } from '../lib/project-path';
import { NotFound } from './not-found-page';

graphql(`
  query ImportPage($id: ID!) {
    project(id: $id) {
      id
      slug
      name
      myRole
    }
  }
`);

interface Reviewed {
  request: ImportRequest;
  review: Review;
  result: ImportResult;
  document: BlueprintDocument;
}

const emptyDraft: SourceDraft = { source: 'POSTGRES_DDL', picked: false, text: '', url: '', name: '' };

function requestOf(projectId: string, draft: SourceDraft): ImportRequest {
  return { projectId, source: draft.source, name: draft.name, text: draft.text, url: draft.url };
}

/** Whether a review still shows what the form holds: the name aside, which Create takes as it is then. */
function sameRequest(a: ImportRequest, b: ImportRequest): boolean {
  return a.source === b.source && (a.source === 'POSTGRES_URL' ? a.url === b.url : a.text === b.text);
}

/** The input a request lacks, said beside it before asking the server. */
function missingInput(request: ImportRequest): ImportErrors['fields'] | null {
  if (request.source === 'POSTGRES_URL') {
    return request.url.trim() === '' ? { url: [{ path: 'input.url', message: 'Enter the database’s postgres:// URL.' }] } : null;
  }
  return request.text.trim() === '' ? { text: [{ path: 'input.text', message: 'Paste a schema or sample, or choose a file.' }] } : null;
}

/** A text's new draft: sniffed unless the user picked a source; a pasted postgres:// URL moves to the (hidden) URL input. */
function withText(draft: SourceDraft, text: string, fileName?: string): SourceDraft {
  const sniffed = sniffSource(text, fileName);
  if (sniffed?.source === 'POSTGRES_URL') return { ...draft, source: 'POSTGRES_URL', sniffed, url: text.trim(), text: '', fileName: undefined };
  const keep = draft.picked && draft.source !== 'POSTGRES_URL';
  return { ...draft, text, fileName, sniffed, picked: keep, source: keep ? draft.source : (sniffed?.source ?? draft.source) };
}

/** `/p/:project/import`: a schema or sample becomes a blueprint, reviewed before it is saved (PRODUCT.md §12). */
export function ImportPage() {
  const { project: projectId = '' } = useParams();
  const { data, loading, error, refetch } = useImportPageQuery({ variables: { id: projectId } });
  const [draft, setDraft] = useState<SourceDraft>(emptyDraft);
  const [errors, setErrors] = useState<ImportErrors>(noImportErrors);
  const [reviewed, setReviewed] = useState<Reviewed | null>(null);
  const [createErrors, setCreateErrors] = useState<PathedMessage[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [review, { loading: reviewing }] = useImportPreview();
  const [create, { loading: creating }] = useImportBlueprint();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  useDocumentTitle(data?.project ? `Import · ${data.project.name}` : data ? 'Not found' : undefined);

  const onFile = useCallback(async (file: File) => {
    const read = await readImportFile(file);
    if (!read.ok) {
      setErrors({ fields: { text: [{ path: file.name, message: read.message }] }, form: [] });
      setAnnouncement(`Could not read ${file.name}.`);
      return;
    }
    const base = file.name.replace(/\.[^.]+$/, '');
    setDraft((d) => ({ ...withText({ ...d, picked: d.picked && d.source !== 'POSTGRES_URL' }, read.text, file.name), name: d.name || base }));
    setErrors(noImportErrors);
    const sniffed = sniffSource(read.text, file.name);
    setAnnouncement(`Read ${file.name} (${formatBytes(file.size)}).${sniffed ? ` Detected ${sourceInfo(sniffed.source).label}.` : ''}`);
  }, []);
  const dragging = useFileDrop(onFile, !!data?.project);

  // Focus follows a new review to its heading, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (reviewed) headingRef.current?.focus();
  }, [reviewed]);

  if (error && !data) return <ErrorMessage error={error} retry={refetch} />;
  if (loading && !data) return <Loading label="Loading project" />;
  const project = data?.project;
  if (!project) return <NotFound what="project" />;
  const canCreate = project.myRole !== 'VIEWER';
  const request = requestOf(project.id, draft);

  /** An input's messages go once the user changes it: they were about what it held. */
  function clearErrors(field: ImportField) {
    setErrors((e) => (e.fields[field] ? { ...e, fields: { ...e.fields, [field]: undefined } } : e));
  }

  async function onReview() {
    const missing = missingInput(request);
    setErrors(missing ? { fields: missing, form: [] } : noImportErrors);
    setCreateErrors([]);
    if (missing) {
      setAnnouncement('Nothing to review yet.');
      return;
    }
    setAnnouncement(`Reading the ${sourceInfo(request.source).label}…`);
    try {
      const reviewedNow = await review(request);
      const { result } = reviewedNow;
      const document = asDocument(result.document);
      setReviewed({ request, review: reviewedNow, result, document });
      setAnnouncement(`Review ready: ${reviewSummary(result, document)}.`);
    } catch (e) {
      const found = importErrorsOf(e);
      setErrors(found);
      const n = countImportErrors(found);
      setAnnouncement(`Not reviewed: ${n === 1 ? 'one problem' : `${n} problems`}, shown beside the input.`);
    }
  }

  async function onCreate() {
    if (!reviewed) return;
    setCreateErrors([]);
    setAnnouncement('Creating the blueprint…');
    try {
      // The name typed after Review counts: the blueprint is created under it.
      const blueprint = await create({ ...reviewed.request, name: request.name }, reviewed.review);
      // By the project's slug, as every address shows it (it switched to /p/<uuid> here).
      navigate(`${projectPath(project!)}/blueprints/${blueprint.id}`);
    } catch (e) {
      setCreateErrors(allImportMessages(importErrorsOf(e)));
      setAnnouncement('The blueprint was not created.');
    }
  }

  return (
    <div className={dragging ? 'import-page dragging' : 'import-page'}>
      <ProjectNav projectId={project.id} projectName={project.name} />
      <h1>Import</h1>
      <p className="meta">Start a blueprint from a schema or a sample you already have. Nothing is saved until you create it.</p>
      <p className="status-line" role="status" aria-live="polite">
        {announcement}
      </p>
      <SourceForm
        draft={draft}
        errors={errors}
        busy={reviewing}
        dragging={dragging}
        onText={(text) => {
          setDraft((d) => withText(d, text));
          clearErrors('text');
        }}
        onUrl={(url) => {
          setDraft((d) => ({ ...d, url }));
          clearErrors('url');
        }}
        onName={(name) => {
          setDraft((d) => ({ ...d, name }));
          clearErrors('name');
        }}
        onPickSource={(source: ImportSource) => {
          setDraft((d) => ({ ...d, source, picked: true }));
          clearErrors('source');
        }}
        onFile={(file) => void onFile(file)}
        onReview={() => void onReview()}
      />
      {reviewed && (
        <ImportReview
          headingRef={headingRef}
          result={reviewed.result}
          document={reviewed.document}
          stale={!sameRequest(reviewed.request, request)}
          canCreate={canCreate}
          creating={creating}
          createErrors={createErrors}
          onCreate={() => void onCreate()}
        />
      )}
    </div>
  );
}
