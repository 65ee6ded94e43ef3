import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { useSession } from '../hooks/use-session';
import { describeError } from '../lib/errors';
import { Loading } from './status';

/**
 * Renders its children only for a signed-in user; anyone else is sent to
 * /login, which brings them back here afterwards.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, loading, error, refetch } = useSession();
  const location = useLocation();
  if (user) return children;
  if (error) {
    return (
      <main className="page narrow">
        <div role="alert" className="error-box">
          <p>Could not check your session. {describeError(error)}</p>
          <button type="button" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      </main>
    );
  }
  if (loading || user === undefined) return <Loading label="Checking your session" />;
  return <Navigate to="/login" replace state={{ from: location }} />;
}

/** Where RequireSession sent the user from, so signing in brings them back. */
export function returnPath(location: Location): string {
  const from = (location.state as { from?: Location } | null)?.from;
  return from ? `${from.pathname}${from.search}${from.hash}` : '/';
}

/**
 * The inverse, for /login and /signup: a signed-in user goes on into the app
 * (this also completes the redirect right after logging in).
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user) return <Navigate to={returnPath(location)} replace />;
  return children;
}
