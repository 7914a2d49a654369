import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query/query-keys';
import { ApiError } from '../../../lib/api-client';
import { ConfirmModal } from '../../../components/confirm-modal';
import { createToken, listTokens, revokeToken, type AccessToken } from '../api/settings-api';

function when(ts?: string | null): string {
  if (!ts) return 'never';
  const d = new Date(ts);
  return Number.isNaN(d.getTime()) ? ts : d.toLocaleString();
}

/** Personal access tokens: list, create (secret shown once with Copy), revoke. */
export function TokensSection() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.tokens, queryFn: ({ signal }) => listTokens(signal) });
  // A failed load reads as an empty list with the reason below it.
  const tokens = list.data ?? (list.isError ? [] : null);
  const loadError = list.isError ? (list.error instanceof ApiError && list.error.detail ? list.error.detail : 'Failed to load access tokens.') : null;
  // Creating or revoking changes the list: it is read again before the mutation counts as done.
  const load = () => client.invalidateQueries({ queryKey: queryKeys.tokens });
  const creation = useMutation({ mutationFn: createToken, onSuccess: load });
  const revocation = useMutation({ mutationFn: revokeToken, onSuccess: load });
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const busy = creation.isPending;
  const [actionError, setError] = useState<string | null>(null);
  const error = actionError ?? loadError;
  const [revoking, setRevoking] = useState<AccessToken | null>(null);

  const create = async () => {
    const n = name.trim();
    if (!n) {
      setError('Please enter a name for the token.');
      return;
    }
    setError(null);
    try {
      const r = await creation.mutateAsync(n);
      setSecret(r.secret || null);
      setCopied(false);
      setName('');
    } catch (err) {
      setError(err instanceof ApiError && err.detail ? err.detail : 'Failed to create access token.');
    }
  };

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
      setError('Copy failed: select the token and copy it yourself.');
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    try {
      await revocation.mutateAsync(revoking.id);
      setRevoking(null);
    } catch (err) {
      setRevoking(null);
      setError(err instanceof ApiError && err.detail ? err.detail : 'Failed to revoke access token.');
    }
  };

  return (
    <section className="card st-section" aria-labelledby="st-tokens">
      <h2 id="st-tokens">Personal Access Tokens</h2>
      <p className="muted">Tokens let scripts call the API for the current account (header: Authorization: Bearer &lt;token&gt;).</p>
      {secret ? (
        <div className="notice st-secret" role="status">
          <p>
            <strong>Copy your new token now.</strong> It will not be shown again.
          </p>
          <div className="st-key-row">
            <code data-testid="token-secret">{secret}</code>
            <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </div>
      ) : null}
      <form
        className="st-key-row"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <input aria-label="Token name" placeholder="Token name, e.g. CI export" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
          {busy ? 'Creating...' : 'Create Token'}
        </button>
      </form>
      {tokens === null ? <p className="muted">Loading tokens...</p> : null}
      {tokens && tokens.length === 0 ? <p className="muted">No access tokens.</p> : null}
      {tokens && tokens.length ? (
        <ul className="st-token-list" data-testid="token-list">
          {tokens.map((t) => (
            <li key={t.id}>
              <span>
                <strong>{t.name || t.id}</strong>
                <span className="muted">
                  {' '}
                  created {when(t.created_at)} · last used {when(t.last_used_at)}
                </span>
              </span>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setRevoking(t)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmModal
        open={revoking !== null}
        title="Revoke Token"
        message={`Revoke the token '${revoking?.name ?? ''}'? Scripts using it stop working immediately.`}
        confirmLabel="Revoke"
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
