import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { returnPath } from '../components/require-session';
import { FormErrorList, TextField } from '../components/text-field';
import { useLogIn } from '../hooks/use-session';
import { noErrors, toFormErrors, type FormErrors } from '../lib/errors';
import { useDocumentTitle } from '../hooks/use-document-title';

const FIELDS = { email: 'Email', password: 'Password' };

export function LogInPage() {
  const [logIn, { loading }] = useLogIn();
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle('Log in');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
    };
    setErrors(noErrors);
    try {
      await logIn(input);
      navigate(returnPath(location), { replace: true });
    } catch (error) {
      setErrors(toFormErrors(error, FIELDS));
    }
  }

  return (
    <main className="page narrow auth">
      <h1>Log in to Seedbed</h1>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={loading}>
        <FormErrorList messages={errors.form} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.fields.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.fields.password}
        />
        <button type="submit" disabled={loading}>
          Log in
        </button>
      </form>
      <p>
        New here? <Link to="/signup">Create an account</Link>
      </p>
    </main>
  );
}
