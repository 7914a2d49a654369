import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountSelectionModal } from './account-selection-modal';
import type { Account } from '../lib/types';
import { testAccount } from '../test/fixtures';

const a1: Account = { account_id: 'a1', account_name: 'Acme Consulting', membership_type: 'Pro', last_login_date: '2025-05-30T10:00:00Z' };
const a2: Account = testAccount({ account_id: 'a2', account_name: 'Globex' });

function setup(props: Partial<React.ComponentProps<typeof AccountSelectionModal>> = {}) {
  const onConfirm = props.onConfirm ?? vi.fn(async () => {});
  render(
    <AccountSelectionModal open loading={false} accounts={[a1, a2]} required onConfirm={onConfirm} {...props} />,
  );
  return { onConfirm };
}

describe('AccountSelectionModal', () => {
  it('shows the loading state', () => {
    setup({ loading: true, accounts: [] });
    expect(screen.getByText('Loading your accounts...')).toBeInTheDocument();
  });

  it('shows the empty state', () => {
    setup({ accounts: [] });
    expect(screen.getByRole('heading', { name: 'No Accounts Available' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We couldn't find any accounts associated with your profile. Please contact support if this seems incorrect.",
      ),
    ).toBeInTheDocument();
  });

  it('lists accounts with membership (default Free) and last access', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Select Your Account' })).toBeInTheDocument();
    expect(screen.getByText("Choose which account you'd like to use for this session")).toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText(/Last accessed May 30, 2025/)).toBeInTheDocument();
    expect(screen.getByText('You can switch accounts anytime from Settings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('preselects a single account', () => {
    setup({ accounts: [a2] });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Globex/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('selects on click, shows Selecting... and ignores clicks while busy', async () => {
    let resolve!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    setup({ onConfirm });
    await userEvent.click(screen.getByRole('button', { name: /Globex/ }));
    expect(screen.getByRole('button', { name: 'Selecting...' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Acme/ }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith(a2);
    await act(async () => resolve());
  });

  it('resets the selection on error', async () => {
    const onConfirm = vi.fn(async () => {
      throw new Error('nope');
    });
    setup({ onConfirm });
    await userEvent.click(screen.getByRole('button', { name: /Globex/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not select this account');
    expect(screen.getByRole('button', { name: /Globex/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('can be closed when not required', async () => {
    const onClose = vi.fn();
    setup({ required: false, onClose, initialSelectedId: 'a1' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
