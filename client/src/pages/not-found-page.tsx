import { Link } from 'react-router';

/** Missing and forbidden look the same, as on the server (PRODUCT.md §6). */
export function NotFound({ what = 'page' }: { what?: string }) {
  return (
    <div className="not-found">
      <h1>Not found</h1>
      <p>This {what} does not exist, or you do not have access to it.</p>
      <p>
        <Link to="/">Back to your projects</Link>
      </p>
    </div>
  );
}
