import { Fragment, type ReactNode } from 'react';

/**
 * One of the editor's rarer tools (Simulate, Re-layout, Properties, Full
 * screen, Help): described once, drawn as a toolbar button on a wide screen
 * and as an item of the "More" menu on a phone.
 */
export interface EditorTool {
  /** Stays the same while the label changes ("Simulate" / "Stop simulation"), so focus stays on the control. */
  id: string;
  /** Names the tool; its text in both places. */
  label: string;
  onClick: () => void;
  disabled: boolean;
  /**
   * A switch's state: aria-pressed on the button (aria-expanded when it
   * opens a part of the page), a menuitemcheckbox's aria-checked in the menu.
   * Undefined for an action (a plain button, a menuitem).
   */
  on?: boolean;
  /** The switch shows or hides a part of the page (Help): the button says aria-expanded. */
  opens?: boolean;
}

/** A slot in the list of tools for the picture downloads, which draw themselves (PictureExport, PictureExportItems). */
export const PICTURES = 'pictures';

/** The tools in toolbar and menu order; PICTURES marks where the downloads go. */
export type EditorToolList = (EditorTool | typeof PICTURES)[];

/** A tool as a toolbar button. */
export function ToolButton({ tool }: { tool: EditorTool }) {
  const state = tool.on === undefined ? {} : tool.opens ? { 'aria-expanded': tool.on } : { 'aria-pressed': tool.on };
  return (
    <button type="button" className="btn btn-small" onClick={tool.onClick} disabled={tool.disabled} {...state}>
      {tool.label}
    </button>
  );
}

/** A tool as an item of a phone's "More" menu. */
export function ToolMenuItem({ tool }: { tool: EditorTool }) {
  const role = tool.on === undefined ? { role: 'menuitem' } : { role: 'menuitemcheckbox', 'aria-checked': tool.on };
  return (
    <button type="button" className="more-menu-item" onClick={tool.onClick} disabled={tool.disabled} {...role}>
      {tool.label}
    </button>
  );
}

/** Draws `tools` as buttons (menu false) or as menu items, with `pictures` at the PICTURES slot. */
export function EditorTools({ tools, menu, pictures }: { tools: EditorToolList; menu: boolean; pictures: ReactNode }) {
  return (
    <>
      {tools.map((t) => {
        if (t === PICTURES) return <Fragment key={PICTURES}>{pictures}</Fragment>;
        return menu ? <ToolMenuItem key={t.id} tool={t} /> : <ToolButton key={t.id} tool={t} />;
      })}
    </>
  );
}
