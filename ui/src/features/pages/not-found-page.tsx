import { Link } from 'react-router';

/** Unknown signed-in path. */
export function Component() {
  return (
    <div className="page narrow center">
      <h1>Page not found</h1>
      <p className="muted">The page you asked for does not exist.</p>
      <Link to="/" className="btn btn-primary">
        Home
      </Link>
    </div>
  );
}
