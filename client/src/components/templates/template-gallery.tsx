import { useId, useState } from 'react';
import { graphql } from '../../__generated__';
import type { TemplateCard_TemplateFragment } from '../../__generated__/graphql';
import { useTemplatesQuery } from '../../__generated__/hooks';
import { ErrorMessage, Loading } from '../status';
import { TemplatePreview } from './template-preview';

graphql(`
  fragment TemplateCard_template on Template {
    id
    name
    description
    tables
    document
  }
`);

graphql(`
  query Templates {
    templates {
      ...TemplateCard_template
    }
  }
`);

interface TemplateGalleryProps {
  projectId: string;
  /** Called with the new blueprint once one is created from a template. */
  onCreated(blueprintId: string): void;
}

/** Blueprints to start from, each previewed with its real generated rows before anything is created. */
export function TemplateGallery({ projectId, onCreated }: TemplateGalleryProps) {
  const id = useId();
  const { data, loading, error, refetch } = useTemplatesQuery({ fetchPolicy: 'cache-first' });
  const [openId, setOpenId] = useState<string | null>(null);
  const templates = data?.templates ?? [];
  const open = templates.find((t) => t.id === openId);

  return (
    <section aria-labelledby={`${id}-heading`} className="templates">
      <h2 id={`${id}-heading`}>Start from a template</h2>
      {error && !data ? (
        <ErrorMessage error={error} retry={refetch} />
      ) : loading && !data ? (
        <Loading label="Loading templates" />
      ) : (
        <>
          <ul className="template-gallery" aria-label="Templates">
            {templates.map((template) => (
              <TemplateCard key={template.id} template={template} open={template.id === openId} previewId={`${id}-preview`} onToggle={() => setOpenId((o) => (o === template.id ? null : template.id))} />
            ))}
          </ul>
          <div id={`${id}-preview`}>
            {open && <TemplatePreview key={open.id} projectId={projectId} template={open} onCreated={onCreated} onClose={() => setOpenId(null)} />}
          </div>
        </>
      )}
    </section>
  );
}

interface TemplateCardProps {
  template: TemplateCard_TemplateFragment;
  open: boolean;
  previewId: string;
  onToggle(): void;
}

function TemplateCard({ template, open, previewId, onToggle }: TemplateCardProps) {
  return (
    <li className="template-card" aria-current={open ? 'true' : undefined}>
      <h3>{template.name}</h3>
      <p className="hint">{template.description}</p>
      <p className="template-tables">
        {template.tables.length} tables: {template.tables.join(', ')}
      </p>
      <button type="button" className="secondary small" aria-expanded={open} aria-controls={previewId} onClick={onToggle}>
        {open ? 'Hide preview' : 'Preview'}
        <span className="visually-hidden"> {template.name}</span>
      </button>
    </li>
  );
}
