import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormErrorList, TextField } from '../components/text-field';
import { useSignUp } from '../hooks/use-session';
import { noErrors, toFormErrors, type FormErrors } from '../lib/errors';
import { useDocumentTitle } from '../hooks/use-document-title';

const FIELDS = { name: 'Name', email: 'Email', password: 'Password' };
const MIN_PASSWORD = 12;

export function SignUpPage() {
  const [signUp, { loading }] = useSignUp();
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const navigate = useNavigate();
  useDocumentTitle('Sign up');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get('name') ?? '').trim(),
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
    };
    setErrors(noErrors);
    try {
      await signUp(input);
      navigate('/', { replace: true });
    } catch (error) {
      setErrors(toFormErrors(error, FIELDS));
    }
  }

  return (
    <main className="page narrow auth">
      <h1>Create your Seedbed account</h1>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={loading}>
        <FormErrorList messages={errors.form} />
        <TextField label="Name" name="name" autoComplete="name" required error={errors.fields.name} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.fields.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          hint={`At least ${MIN_PASSWORD} characters.`}
          error={errors.fields.password}
        />
        <button type="submit" disabled={loading}>
          Sign up
        </button>
      </form>
      <p>
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </main>
  );
}
