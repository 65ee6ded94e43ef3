import { useId, useRef, useState, type FormEvent } from 'react';
import type { Role } from '../../__generated__/graphql';
import { useAddMember } from '../../hooks/use-member-mutations';
import { noErrors, toFormErrors, type FormErrors } from '../../lib/errors';
import { FormErrorList, TextField } from '../text-field';
import { roleName, ROLES } from './role-names';
import { RoleSelect } from './role-select';

/** Adds someone who already has a Seedbed account, by their email. */
export function AddMemberForm({ projectId }: { projectId: string }) {
  const id = useId();
  const [addMember, { loading }] = useAddMember(projectId);
  const [role, setRole] = useState<Role>('EDITOR');
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [added, setAdded] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setAdded('');
    if (!email) {
      setErrors({ fields: { email: 'Enter the email the person signed up with.' }, form: [] });
      return;
    }
    setErrors(noErrors);
    try {
      const member = await addMember(email, role);
      formRef.current?.reset();
      if (member) setAdded(`Added ${member.user.name} as ${roleName(member.role).toLowerCase()}.`);
    } catch (error) {
      setErrors(toFormErrors(error, { email: 'Email', role: 'Role' }));
    }
  }

  return (
    <form ref={formRef} className="settings-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={loading} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Add a member</h3>
      <FormErrorList messages={errors.form} />
      <div className="settings-grid">
        <TextField label="Email" name="email" type="email" autoComplete="off" error={errors.fields.email} hint="They need a Seedbed account already." />
        <RoleSelect label="Role" roles={ROLES} value={role} onChange={setRole} error={errors.fields.role} />
      </div>
      <button type="submit" disabled={loading}>
        {loading ? 'Adding…' : 'Add member'}
      </button>
      <p className="status-line" role="status" aria-live="polite">
        {added}
      </p>
    </form>
  );
}
