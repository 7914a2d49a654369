import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { displayName, useAuthStore } from '../stores/auth-store';
import { logout, startLogin } from '../lib/auth/auth-service';
import { siteConfig } from '../config';

const publicLinks = [
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact Us' },
];

const analyzerLinks = [
  { to: '/analyzer', label: 'All Analyzers' },
  { to: '/document-analyzer', label: 'Document Analyzer' },
  { to: '/image-analyzer', label: 'Image Analyzer' },
  { to: '/bpmn-analyzer', label: 'BPMN Analyzer' },
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
      <button type="button" className="btn btn-primary btn-small" onClick={() => startLogin()}>
        Login
      </button>
      {connecting ? <span className="connecting-note">Connecting...</span> : null}
    </span>
  );
}

/**
 * Open/closed state of a menu that closes when the page changes. The reset
 * happens while rendering the new page (React's "adjust state when a prop
 * changes"), so the old menu never shows over the new page for a frame.
 */
function useOpenUntilNavigation(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(pathname);
  if (page !== pathname) {
    setPage(pathname);
    if (open) setOpen(false);
  }
  return [open, setOpen];
}

/** Dropdown that closes on outside click, Escape and navigation. */
function Dropdown({ label, children, id }: { label: string; children: React.ReactNode; id: string }) {
  const [open, setOpen] = useOpenUntilNavigation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="nav-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div className="dropdown-menu" id={id} role="menu">
          {children}
        </div>
      ) : null}
    </div>
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
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useOpenUntilNavigation();
  const [drawerOpen, setDrawerOpen] = useOpenUntilNavigation();
  const [analyzerOpen, setAnalyzerOpen] = useState(false);

  const doLogout = () => {
    setDrawerOpen(false);
    void logout((p) => navigate(p, { replace: true }));
  };

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
            <>
              <Dropdown label="Analyzer" id="analyzer-menu">
                {analyzerLinks.map((l) => (
                  <Link key={l.to} to={l.to} role="menuitem" className="dropdown-item">
                    {l.label}
                  </Link>
                ))}
              </Dropdown>
              <NavLink to="/disclaimer" className="nav-link">
                Disclaimer
              </NavLink>
              <Dropdown label={displayName(user)} id="user-menu">
                <Link to="/settings" role="menuitem" className="dropdown-item">
                  Settings
                </Link>
                {user?.is_operator ? (
                  <Link to="/ops" role="menuitem" className="dropdown-item">
                    Operations
                  </Link>
                ) : null}
                <button type="button" role="menuitem" className="dropdown-item" onClick={doLogout}>
                  Logout
                </button>
              </Dropdown>
            </>
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
          <>
            <p className="drawer-user">{displayName(user)}</p>
            <button
              type="button"
              className="slide-link slide-button"
              aria-expanded={analyzerOpen}
              onClick={() => setAnalyzerOpen((v) => !v)}
            >
              Analyzer <span aria-hidden="true">{analyzerOpen ? '▴' : '▾'}</span>
            </button>
            {analyzerOpen ? (
              <div className="slide-sub">
                {analyzerLinks.map((l) => (
                  <NavLink key={l.to} to={l.to} className="slide-link">
                    {l.label}
                  </NavLink>
                ))}
              </div>
            ) : null}
            <NavLink to="/disclaimer" className="slide-link">
              Disclaimer
            </NavLink>
            <NavLink to="/settings" className="slide-link">
              Settings
            </NavLink>
            {user?.is_operator ? (
              <NavLink to="/ops" className="slide-link">
                Operations
              </NavLink>
            ) : null}
            <button type="button" className="slide-link slide-button" onClick={doLogout}>
              Logout
            </button>
          </>
        ) : (
          <div className="slide-login">
            <LoginButton error={error} />
          </div>
        )}
      </SlideIn>
    </header>
  );
}
