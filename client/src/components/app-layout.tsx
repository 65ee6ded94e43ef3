import { useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { useLogOut, useSession } from '../hooks/use-session';
import { describeError } from '../lib/errors';
import './shell.css';

/** The frame of every signed-in page: brand, the user's name, Log out. */
export function AppLayout() {
  const { user } = useSession();
  const [logOut, { loading }] = useLogOut();
  const [error, setError] = useState<unknown>(null);
  const navigate = useNavigate();

  async function onLogOut() {
    setError(null);
    try {
      await logOut();
      navigate('/login', { replace: true });
    } catch (e) {
      setError(e);
    }
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/" className="brand">
          Seedbed
        </Link>
        <div className="session">
          {/* A plain link: the server answers a browser's GET /graphql with the IDE, signed in with this session. */}
          <a href="/graphql" className="header-link" aria-label="GraphQL API" title="Explore and try Seedbed's GraphQL API in the browser">
            {/* "API" alone on a phone, so the user's name keeps room. */}
            <span className="wide-only">GraphQL </span>API
          </a>
          {user && (
            <span className="user-name" title={`${user.name} (${user.email})`}>
              {user.name}
            </span>
          )}
          <button type="button" className="secondary log-out" onClick={() => void onLogOut()} disabled={loading}>
            Log out
          </button>
        </div>
      </header>
      {error != null && (
        <p role="alert" className="error-box banner">
          Could not log out. {describeError(error)}
        </p>
      )}
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
