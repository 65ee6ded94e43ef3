import { useId, useRef, useState, type FormEvent } from 'react';
import type { Role } from '../../__generated__/graphql';
import { useCreateApiKey } from '../../hooks/use-api-key-mutations';
import { noErrors, toFormErrors, type FormErrors } from '../../lib/errors';
import { FormErrorList, TextField } from '../text-field';
import { RoleSelect } from './role-select';
import { SecretOnceDialog } from './secret-once-dialog';

/** A key is never OWNER (PRODUCT.md §6). */
const KEY_ROLES: readonly Role[] = ['EDITOR', 'VIEWER'];

/** The end of the chosen day in the user's time zone, or an error for a day already over. */
export function expiryFromDate(day: string, now = new Date()): { expiresAt: string | null } | { error: string } {
  if (!day) return { expiresAt: null };
  const end = new Date(`${day}T23:59:59.999`);
  if (Number.isNaN(end.getTime())) return { error: 'Enter a date.' };
  if (end <= now) return { error: 'Choose today or a later day.' };
  return { expiresAt: end.toISOString() };
}

/** Creates a key, then shows its secret once. */
export function CreateApiKeyForm({ projectId }: { projectId: string }) {
  const id = useId();
  const [createApiKey, { loading }] = useCreateApiKey(projectId);
  const [role, setRole] = useState<Role>('VIEWER');
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const expiry = expiryFromDate(String(form.get('expiresOn') ?? ''));
    const fields: Record<string, string> = {};
    if (!name) fields.name = 'Name the key after what will use it, such as “CI seed job”.';
    if ('error' in expiry) fields.expiresAt = expiry.error;
    if (Object.keys(fields).length > 0 || 'error' in expiry) {
      setErrors({ fields, form: [] });
      return;
    }
    setErrors(noErrors);
    try {
      const result = await createApiKey(name, role, expiry.expiresAt);
      if (!result) return;
      formRef.current?.reset();
      setCreated({ name: result.apiKey.name, secret: result.secret });
    } catch (error) {
      setErrors(toFormErrors(error, { name: 'Name', role: 'Role', expiresAt: 'Expiry' }));
    }
  }

  return (
    <>
      <form ref={formRef} className="settings-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={loading} aria-labelledby={`${id}-heading`}>
        <h3 id={`${id}-heading`}>Create an API key</h3>
        <FormErrorList messages={errors.form} />
        <div className="settings-grid">
          <TextField label="Key name" name="name" autoComplete="off" error={errors.fields.name} />
          <RoleSelect label="Key role" roles={KEY_ROLES} value={role} onChange={setRole} error={errors.fields.role} />
          <TextField label="Expires on (optional)" name="expiresOn" type="date" error={errors.fields.expiresAt} hint="Empty: the key works until revoked." />
        </div>
        <button type="submit" disabled={loading}>
          {loading ? 'Creating…' : 'Create API key'}
        </button>
      </form>
      {created && <SecretOnceDialog keyName={created.name} secret={created.secret} onClose={() => setCreated(null)} />}
    </>
  );
}
