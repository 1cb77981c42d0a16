import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { analytics } from '../../../lib/analytics.ts';
import { ErrorScreen } from '../components/error-screen.tsx';

/** Turns whatever a route threw into the product §2 error page's status and message. */
export function describeRouteError(
  error: unknown,
  pathname: string,
): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : null;
    return {
      status: error.status,
      message: message ?? (error.status === 404 ? `Page Not Found: ${pathname}` : null),
    };
  }
  if (error instanceof ApiError) return { status: error.status, message: error.message };
  return { status: 500, message: error instanceof Error ? error.message : null };
}

/** The errorElement of every route (product §8: navigation errors are captured for analytics). */
export default function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { status, message } = describeRouteError(error, pathname);

  useEffect(() => {
    analytics.captureError(error, { pathname, status });
  }, [error, pathname, status]);

  return <ErrorScreen status={status} message={message} />;
}
