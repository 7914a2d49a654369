import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's default error page. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  console.error('route error', error);
  return (
    <div className="page narrow error-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      {detail ? <p className="muted">{detail}</p> : null}
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </div>
  );
}
