import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { logout } from '../lib/auth/auth-logout';
import { displayName } from '../stores/auth-store';
import type { UserInfo } from '../lib/types';
import { useOpenUntilNavigation } from './use-open-until-navigation';

// The header's signed-in parts, loaded only once someone is signed in.

const analyzerLinks = [
  { to: '/analyzer', label: 'All Analyzers' },
  { to: '/document-analyzer', label: 'Document Analyzer' },
  { to: '/image-analyzer', label: 'Image Analyzer' },
  { to: '/bpmn-analyzer', label: 'BPMN Analyzer' },
];

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

/** The signed-in user, as the header reads it from the auth store. */
interface SignedInProps {
  user: UserInfo | null;
  /** Called as Logout starts (the drawer closes). */
  onLogout?: () => void;
}

/** Logout: signs out and goes to / without a history entry. */
function useLogout(onLogout?: () => void): () => void {
  const navigate = useNavigate();
  return () => {
    onLogout?.();
    void logout((p) => navigate(p, { replace: true }));
  };
}

/** The signed-in bar: Analyzer menu, Disclaimer, the user menu with Settings, Operations and Logout. */
export function SignedInBar({ user, onLogout }: SignedInProps) {
  const doLogout = useLogout(onLogout);
  return (
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
  );
}

/** The account drawer's signed-in contents (narrow screens). */
export function SignedInDrawer({ user, onLogout }: SignedInProps) {
  const [analyzerOpen, setAnalyzerOpen] = useState(false);
  const doLogout = useLogout(onLogout);
  return (
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
  );
}
