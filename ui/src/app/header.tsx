import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink } from 'react-router';
import { displayName, useAuthStore } from '../stores/auth-store';
import { startLogin } from '../lib/auth/auth-service';
import { siteConfig } from '../config';
import { useOpenUntilNavigation } from './use-open-until-navigation';

// The signed-in bar and drawer (menus, logout) are their own chunk:
// visitors of the public pages never load them.
// startup.ts starts the same import as soon as the session is known to be
// signed in, so the bar is usually ready by the time the header renders it.
const SignedInBar = lazy(() => import('./header-signed-in').then((m) => ({ default: m.SignedInBar })));
const SignedInDrawer = lazy(() => import('./header-signed-in').then((m) => ({ default: m.SignedInDrawer })));

const publicLinks = [
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact Us' },
];

/** Shows 'Connecting...' once an auth error has lasted 2 s. */
function useConnectingNote(error: string | null): boolean {
  const [show, setShow] = useState(false);
  // Hidden again the moment the error clears (adjusted while rendering, so no
  // frame shows the stale note).
  if (!error && show) setShow(false);
  useEffect(() => {
    if (!error) return;
    const t = setTimeout(() => setShow(true), 2000);
    return () => clearTimeout(t);
  }, [error]);
  return show;
}

function Logo() {
  return (
    <Link to="/" className="logo" aria-label={`${siteConfig.productName} home`}>
      <span className="logo-mark" aria-hidden="true">
        ♠
      </span>
      <span className="logo-text">{siteConfig.productName}</span>
    </Link>
  );
}

function LoginButton({ error }: { error: string | null }) {
  const connecting = useConnectingNote(error);
  return (
    <span className="login-wrap">
      <button type="button" className="btn btn-primary btn-small" onClick={() => void startLogin()}>
        Login
      </button>
      {connecting ? <span className="connecting-note">Connecting...</span> : null}
    </span>
  );
}

/**
 * Slide-in panel with a dimmed backdrop (side menu 300 px, drawer 280 px).
 * Rendered into document.body: the header's backdrop-filter makes it the
 * containing block of fixed descendants, which clipped the panels to the
 * 63 px header bar.
 */
function SlideIn({
  open,
  onClose,
  side,
  width,
  label,
  children,
}: {
  open: boolean;
  onClose: () => void;
  side: 'left' | 'right';
  width: number;
  label: string;
  children: React.ReactNode;
}) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return createPortal(
    <>
      <div className={`slide-backdrop${open ? ' open' : ''}`} onClick={onClose} aria-hidden="true" />
      <nav
        className={`slide-in slide-${side}${open ? ' open' : ''}`}
        style={{ width }}
        aria-label={label}
        aria-hidden={!open}
        inert={!open}
      >
        <button type="button" className="icon-button slide-close" aria-label="Close menu" onClick={onClose}>
          ×
        </button>
        {children}
      </nav>
    </>,
    document.body,
  );
}

/** Fixed header with the public navigation bar and the signed-in bar. */
export function Header() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const user = useAuthStore((s) => s.user);
  const error = useAuthStore((s) => s.error);
  const [menuOpen, setMenuOpen] = useOpenUntilNavigation();
  const [drawerOpen, setDrawerOpen] = useOpenUntilNavigation();

  return (
    <header className="site-header">
      <div className="header-inner">
        {/* Only the bar fitting the user's state applies: visitors get the
            public bar, signed-in users the signed-in bar. */}
        {isAuthenticated ? null : (
          <button
            type="button"
            className="hamburger"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <span />
            <span />
            <span />
          </button>
        )}
        <Logo />
        {isAuthenticated ? (
          <div className="header-spacer" />
        ) : (
          <nav className="public-nav" aria-label="Main">
            {publicLinks.map((l) => (
              <NavLink key={l.to} to={l.to} className="nav-link">
                {l.label}
              </NavLink>
            ))}
          </nav>
        )}
        <div className="auth-bar">
          {isAuthenticated ? (
            <Suspense fallback={null}>
              <SignedInBar user={user} />
            </Suspense>
          ) : (
            <LoginButton error={error} />
          )}
        </div>
        <button
          type="button"
          className="drawer-toggle"
          aria-label="Open account menu"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          {isAuthenticated ? (
            <span aria-hidden="true" className="avatar-letter">
              {displayName(user).slice(0, 1).toUpperCase()}
            </span>
          ) : (
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6" />
            </svg>
          )}
        </button>
      </div>

      <SlideIn open={menuOpen && !isAuthenticated} onClose={() => setMenuOpen(false)} side="left" width={300} label="Site menu">
        <Logo />
        {publicLinks.map((l) => (
          <NavLink key={l.to} to={l.to} className="slide-link">
            {l.label}
          </NavLink>
        ))}
      </SlideIn>

      <SlideIn open={drawerOpen} onClose={() => setDrawerOpen(false)} side="right" width={280} label="Account menu">
        {isAuthenticated ? (
          <Suspense fallback={null}>
            <SignedInDrawer user={user} onLogout={() => setDrawerOpen(false)} />
          </Suspense>
        ) : (
          <div className="slide-login">
            <LoginButton error={error} />
          </div>
        )}
      </SlideIn>
    </header>
  );
}
