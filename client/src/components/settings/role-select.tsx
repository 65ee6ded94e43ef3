import { useId } from 'react';
import type { Role } from '../../__generated__/graphql';
import { ROLE_HINTS, roleName } from './role-names';

interface RoleSelectProps {
  label: string;
  roles: readonly Role[];
  value: Role;
  onChange(role: Role): void;
  error?: string;
}

/** A role picker that says what the chosen role may do, with the server's error under it. */
export function RoleSelect({ label, roles, value, onChange, error }: RoleSelectProps) {
  const id = useId();
  return (
    <div className="field compact">
      <label htmlFor={`${id}-role`}>{label}</label>
      <select id={`${id}-role`} value={value} onChange={(e) => onChange(e.target.value as Role)} aria-describedby={`${id}-role-hint`}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {roleName(r)}
          </option>
        ))}
      </select>
      <p id={`${id}-role-hint`} className="hint">
        {ROLE_HINTS[value]}
      </p>
      {error && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}
