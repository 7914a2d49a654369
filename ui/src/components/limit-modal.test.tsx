import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LimitModal } from './limit-modal';
import { TrialExpiredModal } from './trial-expired-modal';

afterEach(() => vi.useRealTimers());

describe('LimitModal', () => {
  it('counts down to 00:00 UTC every second and links Upgrade to /pricing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let now = new Date('2026-03-10T23:59:50Z');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<LimitModal open info={{ limit: 5, membershipType: 'Free' }} onClose={() => undefined} now={() => now} />} />
          <Route path="/pricing" element={<p>pricing page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('limit-text')).toHaveTextContent("You've reached your daily limit of 5 document for your Free membership.");
    expect(screen.getByTestId('limit-countdown')).toHaveTextContent('00:00:10');
    now = new Date('2026-03-10T23:59:53Z');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('limit-countdown')).toHaveTextContent('00:00:07');
    const local = new Date('2026-03-11T00:00:00Z').toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
    expect(screen.getByTestId('limit-reset-local')).toHaveTextContent(local);
    await user.click(screen.getByRole('button', { name: 'Upgrade Membership' }));
    expect(screen.getByText('pricing page')).toBeInTheDocument();
  });
});

describe('TrialExpiredModal', () => {
  it.each([
    ['Add API Key', 'settings page'],
    ['Upgrade Plan', 'pricing page'],
  ])('%s → %s', async (button, target) => {
    render(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<TrialExpiredModal open onClose={() => undefined} />} />
          <Route path="/settings" element={<p>settings page</p>} />
          <Route path="/pricing" element={<p>pricing page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Please upgrade your membership or add your own API key in Settings.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(screen.getByText(target)).toBeInTheDocument();
  });
});
