import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteProject, useRenameProject } from '../../hooks/use-project-mutations';
import { describeError, noErrors, toFormErrors, type FormErrors } from '../../lib/errors';
import { FormErrorList, TextField } from '../text-field';

interface ProjectSectionProps {
  project: { id: string; name: string; slug: string };
}

/** What an OWNER can do to the project itself: rename it, delete it (after typing its name). */
export function ProjectSection({ project }: ProjectSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Project</h2>
      <RenameProjectForm project={project} />
      <DeleteProjectForm project={project} />
    </section>
  );
}

function RenameProjectForm({ project }: ProjectSectionProps) {
  const id = useId();
  const [rename, { loading }] = useRenameProject();
  const [name, setName] = useState(project.name);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [done, setDone] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone('');
    const trimmed = name.trim();
    if (!trimmed) {
      setErrors({ fields: { name: 'Give the project a name.' }, form: [] });
      return;
    }
    setErrors(noErrors);
    try {
      const renamed = await rename(project.id, trimmed);
      if (renamed) setDone(`Renamed to “${renamed.name}”.`);
    } catch (error) {
      setErrors(toFormErrors(error, { name: 'Project name' }));
    }
  }

  return (
    <form className="settings-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={loading} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Rename</h3>
      <FormErrorList messages={errors.form} />
      <TextField
        label="Project name"
        name="name"
        autoComplete="off"
        value={name}
        onChange={(e) => { setName(e.target.value); setDone(''); }}
        error={errors.fields.name}
        hint={`Its address stays /p/${project.slug}, so links keep working.`}
      />
      <button type="submit" disabled={loading || name.trim() === project.name}>
        {loading ? 'Renaming…' : 'Rename project'}
      </button>
      <p className="status-line" role="status" aria-live="polite">
        {done}
      </p>
    </form>
  );
}

function DeleteProjectForm({ project }: ProjectSectionProps) {
  const id = useId();
  const [remove, { loading }] = useDeleteProject();
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState('');
  const navigate = useNavigate();
  const confirmed = typed.trim() === project.name;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed) return;
    setFailure('');
    try {
      await remove(project.id);
      navigate('/', { replace: true, state: { deleted: project.name } });
    } catch (error) {
      setFailure(describeError(error));
    }
  }

  return (
    <form className="settings-form danger-zone" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={loading} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Delete this project</h3>
      <p className="hint">Deletes its blueprints, revisions, runs, files and API keys for every member. This cannot be undone.</p>
      {failure && (
        <p role="alert" className="error-box">
          {failure}
        </p>
      )}
      <TextField label={`Type “${project.name}” to confirm`} name="confirm" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
      <button type="submit" className="danger" disabled={!confirmed || loading}>
        {loading ? 'Deleting…' : 'Delete project'}
      </button>
    </form>
  );
}
