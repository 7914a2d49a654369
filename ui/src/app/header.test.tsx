import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Header } from './header';
import { Footer } from './footer';
import { useAuthStore } from '../stores/auth-store';
import { testUser } from '../test/fixtures';

function renderHeader() {
  const router = createMemoryRouter([{ path: '*', element: <><Header /><Footer /></> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

describe('header', () => {
  beforeEach(() => {
    useAuthStore.setState({ isAuthenticated: false, user: null, error: null, hasInitialized: true });
  });
  afterEach(() => vi.useRealTimers());

  it('shows public links and only Login when signed out', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const l of ['About', 'Blog', 'Pricing', 'Contact Us']) expect(within(nav).getByRole('link', { name: l })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(screen.queryByText('Disclaimer')).toBeNull();
  });

  it("shows 'Connecting...' after an auth error lasts 2 s", async () => {
    vi.useFakeTimers();
    useAuthStore.setState({ error: 'Authentication failed' });
    renderHeader();
    expect(screen.queryByText('Connecting...')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Connecting...')).toBeNull();
    await act(async () => vi.advanceTimersByTime(2));
    expect(screen.getAllByText('Connecting...').length).toBeGreaterThan(0);
  });

  it.each([
    [testUser({ id: '1', firstName: 'Ana', name: 'Ana L' }), 'Ana'],
    [testUser({ id: '1', name: 'Bo Name' }), 'Bo Name'],
    [testUser({ id: '1' }), 'User'],
  ])('labels the user menu %#', async (user, label) => {
    useAuthStore.setState({ isAuthenticated: true, user });
    renderHeader();
    // The signed-in bar is its own chunk: it appears once loaded.
    await userEvent.click(await screen.findByRole('button', { name: label }));
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('offers Operations only to operators', async () => {
    useAuthStore.setState({ isAuthenticated: true, user: testUser({ id: '1', firstName: 'Op', is_operator: true }) });
    renderHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'Op' }));
    expect(screen.getByRole('menuitem', { name: 'Operations' })).toHaveAttribute('href', '/ops');
  });

  it('hides Operations from other users', async () => {
    useAuthStore.setState({ isAuthenticated: true, user: testUser({ id: '1', firstName: 'Ana' }) });
    renderHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'Ana' }));
    expect(screen.queryByRole('menuitem', { name: 'Operations' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Operations' })).toBeNull();
  });

  it('shows only the signed-in bar to signed-in users', async () => {
    useAuthStore.setState({ isAuthenticated: true, user: testUser({ id: '1', firstName: 'A' }) });
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Disclaimer' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('offers the four analyzers in the Analyzer menu', async () => {
    useAuthStore.setState({ isAuthenticated: true, user: testUser({ id: '1', firstName: 'A' }) });
    renderHeader();
    await userEvent.click(await screen.findByRole('button', { name: /^Analyzer/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((e) => e.getAttribute('href'))).toEqual([
      '/analyzer',
      '/document-analyzer',
      '/image-analyzer',
      '/bpmn-analyzer',
    ]);
  });

  it("offers the signed-in links in the account drawer (narrow screens)", async () => {
    useAuthStore.setState({ isAuthenticated: true, user: testUser({ id: '1', firstName: 'Ana', is_operator: true }) });
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open account menu' }));
    const drawer = screen.getByRole('navigation', { name: 'Account menu' });
    expect(await within(drawer).findByText('Ana')).toBeInTheDocument();
    for (const name of ['Disclaimer', 'Settings', 'Operations']) expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: /^Analyzer/ }));
    expect(within(drawer).getByRole('link', { name: 'BPMN Analyzer' })).toHaveAttribute('href', '/bpmn-analyzer');
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('footer links open in a new tab', () => {
    renderHeader();
    for (const name of ['Terms & Conditions', 'Privacy Policy']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
  });
});
