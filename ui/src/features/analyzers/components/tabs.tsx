import { useId, type ReactNode } from 'react';

/** Props of Tabs. */
export interface TabsProps {
  tabs: { id: string; label: string }[];
  active: string;
  onChange: (id: string) => void;
  children: ReactNode;
}

/** An accessible tab bar that scrolls horizontally on narrow screens; children render the active panel. */
export function Tabs({ tabs, active, onChange, children }: TabsProps) {
  const base = useId();
  return (
    <div className="az-tabs">
      <div role="tablist" className="az-tablist">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${base}-${t.id}`}
            aria-selected={t.id === active}
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
