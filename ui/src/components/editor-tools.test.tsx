import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorTools, PICTURES, type EditorTool, type EditorToolList } from './editor-tools';

const tool = (over: Partial<EditorTool>): EditorTool => ({ id: 'x', label: 'X', onClick: () => {}, disabled: false, ...over });

describe('EditorTools', () => {
  it.each([
    { name: 'an action', t: tool({ label: 'Re-layout' }), button: {}, item: { role: 'menuitem' } },
    { name: 'a switch that is on', t: tool({ label: 'Stop simulation', on: true }), button: { 'aria-pressed': 'true' }, item: { role: 'menuitemcheckbox', 'aria-checked': 'true' } },
    { name: 'a switch that is off', t: tool({ label: 'Properties', on: false }), button: { 'aria-pressed': 'false' }, item: { role: 'menuitemcheckbox', 'aria-checked': 'false' } },
    { name: 'a part it opens (Help)', t: tool({ label: 'Help', on: true, opens: true }), button: { 'aria-expanded': 'true' }, item: { role: 'menuitemcheckbox', 'aria-checked': 'true' } },
  ])('draws $name as a button and as a menu item from one description', ({ t, button, item }) => {
    const { unmount } = render(<EditorTools tools={[t]} menu={false} pictures={null} />);
    const b = screen.getByRole('button', { name: t.label });
    for (const [k, v] of Object.entries(button)) expect(b).toHaveAttribute(k, v);
    for (const k of ['aria-pressed', 'aria-expanded', 'aria-checked'].filter((k) => !(k in button))) expect(b).not.toHaveAttribute(k);
    expect(b).toHaveClass('btn', 'btn-small');
    unmount();
    render(<EditorTools tools={[t]} menu pictures={null} />);
    const m = screen.getByText(t.label);
    for (const [k, v] of Object.entries(item)) expect(m).toHaveAttribute(k, v);
    expect(m).toHaveClass('more-menu-item');
  });

  it('keeps the order, puts the pictures at their slot and passes clicks and disabled on', async () => {
    const onClick = vi.fn();
    const tools: EditorToolList = [tool({ id: 'a', label: 'A', onClick }), PICTURES, tool({ id: 'b', label: 'B', disabled: true })];
    render(<EditorTools tools={tools} menu={false} pictures={<button type="button">SVG</button>} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['A', 'SVG', 'B']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'A' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'B' })).toBeDisabled();
  });
});
