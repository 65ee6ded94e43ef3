import { useId, useState } from 'react';
import type { TestDatabaseTargetMutation } from '../../__generated__/graphql';
import { useTestDatabaseTarget } from '../../hooks/use-test-database-target';
import { describeError } from '../../lib/errors';
import type { StartRunValues } from '../../lib/start-run-input';

interface DatabaseTargetFieldsProps {
  projectId: string;
  values: StartRunValues;
  error?: string;
  onChange(patch: Partial<StartRunValues>): void;
}

type Check = TestDatabaseTargetMutation['testDatabaseTarget'];

/**
 * The database URL carries a password, so it is typed like one (hidden unless
 * asked), and can be tried before a run is started.
 */
export function DatabaseTargetFields({ projectId, values, error, onChange }: DatabaseTargetFieldsProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const [test, { loading }] = useTestDatabaseTarget();
  const [result, setResult] = useState<{ url: string; check: Check } | { url: string; failure: string } | null>(null);
  const url = values.databaseUrl.trim();
  // A result is about the URL it tested: editing the URL makes it stale.
  const current = result && result.url === url ? result : null;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null, current ? `${id}-result` : null].filter(Boolean).join(' ');

  async function onTest() {
    if (!url) {
      setResult({ url, failure: 'Enter the URL first.' });
      return;
    }
    try {
      const check = await test(projectId, url);
      if (check) setResult({ url, check });
    } catch (e) {
      setResult({ url, failure: describeError(e) });
    }
  }

  return (
    <div className={error ? 'field invalid target-check' : 'field target-check'}>
      <label htmlFor={`${id}-url`}>Database URL</label>
      <div className="secret-input">
        <input
          id={`${id}-url`}
          type={shown ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          placeholder="postgres://user:password@host:5432/database"
          value={values.databaseUrl}
          onChange={(e) => onChange({ databaseUrl: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button type="button" className="secondary small" aria-pressed={shown} aria-controls={`${id}-url`} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> database URL</span>
        </button>
      </div>
      <p id={`${id}-hint`} className="hint">
        PostgreSQL (postgres://), MySQL or MariaDB (mysql://). Only host, port, database, user, password and sslmode are used. The URL is stored encrypted and never shown again.
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="button" className="secondary" onClick={() => void onTest()} disabled={loading}>
          {loading ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {current && (
          <p id={`${id}-result`} className={`target-check-result ${'check' in current && current.check.reachable ? 'reachable' : 'unreachable'}`}>
            {'check' in current
              ? current.check.reachable
                ? `Reachable. ${current.check.message}`
                : `${current.check.code === 'TARGET_REFUSED' ? 'Refused' : 'Unreachable'}: ${current.check.message}`
              : current.failure}
          </p>
        )}
      </div>
    </div>
  );
}
