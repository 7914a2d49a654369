import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query/query-keys';
import { ApiError } from '../../../lib/api-client';
import { useAccountStore } from '../../../stores/account-store';
import { ConfirmModal } from '../../../components/confirm-modal';
import { forgetUsage } from '../../../lib/membership/forget-usage';
import { cachedApiKey, storeApiKey } from '../../../lib/membership/user-cache';
import { deleteApiKey, getApiKey, saveApiKey, type ApiKeyInfo } from '../api/settings-api';

/** API Integration UI states (spec §2 Settings). */
export type ApiKeyUiState = 'loading' | 'none' | 'entering' | 'has_key' | 'error';

/** API Integration: loading, no key (Add), entering (show/hide, Save, Cancel, Enter submits), has key (masked, Delete). */
export function ApiKeySection() {
  const dbUserId = useAccountStore((s) => s.dbUserId);
  const client = useQueryClient();
  // The per-user cache (presence and last four) answers at once; the server call then confirms it.
  const query = useQuery({
    queryKey: queryKeys.apiKey(dbUserId),
    queryFn: async ({ signal }) => {
      const i = await getApiKey(signal);
      storeApiKey(dbUserId, i.has_key, i.masked_key);
      return i;
    },
    initialData: (): ApiKeyInfo | undefined => {
      const c = cachedApiKey(dbUserId);
      return c ? { has_key: c.hasKey, masked_key: c.hasKey ? `••••••••${c.lastFour ?? ''}` : null } : undefined;
    },
    // The cached presence is shown, but always confirmed.
    initialDataUpdatedAt: 0,
  });
  const info = query.data ?? null;
  const [entering, setEntering] = useState(false);
  const state: ApiKeyUiState = entering ? 'entering' : query.isError && !query.isFetching ? 'error' : info ? (info.has_key ? 'has_key' : 'none') : 'loading';
  const [value, setValue] = useState('');
  const [show, setShow] = useState(false);
  const [actionError, setError] = useState<string | null>(null);
  const error = actionError ?? (query.isError && !query.isFetching ? 'Failed to load API key information.' : null);
  // A success reads as one (green); a key stored unchecked shows the server's warning instead.
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'warning' } | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  // Saving or deleting a key changes it and the membership (own key or trial):
  // both are read again before the mutation counts as done.
  const changed = () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.apiKey(dbUserId) }), forgetUsage(client, dbUserId)]);
  const saveKey = useMutation({ mutationFn: saveApiKey, onSuccess: changed });
  const deletion = useMutation({ mutationFn: deleteApiKey, onSuccess: changed });
  const saving = saveKey.isPending;
  const load = () => query.refetch();

  const save = async () => {
    const key = value.trim();
    if (!key) {
      setError('Please enter an API key.');
      return;
    }
    setError(null);
    try {
      const { warning } = await saveKey.mutateAsync(key);
      setValue('');
      setShow(false);
      setEntering(false);
      setNotice(warning ? { text: warning, kind: 'warning' } : { text: 'API key saved. Your analyses now use your own key.', kind: 'success' });
    } catch (err) {
      setError(err instanceof ApiError && err.detail ? err.detail : 'Failed to save API key.');
    }
  };

  const remove = async () => {
    try {
      await deletion.mutateAsync();
      setConfirmOpen(false);
      setNotice({ text: 'API key deleted. The system default key is used from now on.', kind: 'success' });
    } catch (err) {
      setConfirmOpen(false);
      setError(err instanceof ApiError && err.detail ? err.detail : 'Failed to delete API key.');
    }
  };

  return (
    <section className="card st-section" aria-labelledby="st-api">
      <h2 id="st-api">API Integration</h2>
      <p className="muted">Use your own Google Gemini API key. With your own key the provider&apos;s terms apply to your data.</p>
      {notice ? (
        <p className={notice.kind === 'success' ? 'notice st-notice-success' : 'notice'} role="status">
          {notice.text}
        </p>
      ) : null}
      {state === 'loading' ? (
        <p role="status">
          <span className="spinner az-inline-spinner" aria-hidden="true" /> Loading API key information...
        </p>
      ) : null}
      {state === 'error' ? (
        <button type="button" className="btn btn-secondary" onClick={() => void load()}>
          Try Again
        </button>
      ) : null}
      {state === 'none' ? (
        <div>
          <p>No API key configured. The system default key is used.</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setError(null);
              setNotice(null);
              setEntering(true);
            }}
          >
            Add API Key
          </button>
        </div>
      ) : null}
      {state === 'entering' ? (
        <form
          className="st-key-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label htmlFor="st-key-input">API key</label>
          <div className="st-key-row">
            <input
              id="st-key-input"
              type={show ? 'text' : 'password'}
              autoComplete="off"
              spellCheck={false}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder="Paste your API key"
              onKeyDown={(e) => {
                // Enter submits even while Save is disabled, so an empty value gets its message.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  if (!saving) void save();
                }
              }}
              autoFocus
            />
            <button type="button" className="btn btn-secondary" onClick={() => setShow((s) => !s)} aria-pressed={show}>
              {show ? 'Hide' : 'Show'}
            </button>
          </div>
          <div className="st-actions">
            <button type="submit" className="btn btn-primary" disabled={!value.trim() || saving}>
              {saving ? 'Saving...' : 'Save'}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={saving}
              onClick={() => {
                setValue('');
                setError(null);
                setEntering(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {state === 'has_key' ? (
        <div className="st-key-row">
          <code data-testid="masked-key">{info?.masked_key || '••••••••'}</code>
          <button type="button" className="btn btn-danger" onClick={() => setConfirmOpen(true)}>
            Delete
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmModal
        open={confirmOpen}
        title="Delete API Key"
        message="Are you sure you want to delete your API key? You will use the system default key after deletion."
        onConfirm={remove}
        onClose={() => setConfirmOpen(false)}
      />
    </section>
  );
}
