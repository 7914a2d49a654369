import { useId, type ReactNode } from 'react';

/** Props of Tabs. */
export interface TabsProps {
  tabs: { id: string; label: string }[];
  active: string;
  onChange: (id: string) => void;
  children: ReactNode;
}

/** An accessible tab bar that wraps onto a second row on narrow screens (no label is cut); children render the active panel. */
export function Tabs({ tabs, active, onChange, children }: TabsProps) {
  const base = useId();
  return (
    <div className="az-tabs">
      <div
        role="tablist"
        className="az-tablist"
        onKeyDown={(e) => {
          // Arrow keys move between tabs (WAI-ARIA tabs pattern).
          if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
          const i = tabs.findIndex((t) => t.id === active);
          const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
          onChange(next.id);
          document.getElementById(`${base}-${next.id}`)?.focus();
        }}
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${base}-${t.id}`}
            aria-selected={t.id === active}
            tabIndex={t.id === active ? 0 : -1}
            aria-controls={`${base}-panel`}
            className={`az-tab${t.id === active ? ' active' : ''}`}
            onClick={() => onChange(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${active}`} className="az-tabpanel">
        {children}
      </div>
    </div>
  );
}
