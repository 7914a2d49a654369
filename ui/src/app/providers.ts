import { configureApiClient } from '../lib/api-client';
import { handleUnauthorized } from '../lib/auth/auth-service';

/** Wires the API client's 401 handling to the auth service (one verification, then retry or login). */
export function installApiHooks(): void {
  configureApiClient({ onUnauthorized: handleUnauthorized });
}
