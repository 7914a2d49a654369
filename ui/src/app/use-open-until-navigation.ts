import { useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state of a menu that closes when the page changes. The reset
 * happens while rendering the new page (React's "adjust state when a prop
 * changes"), so the old menu never shows over the new page for a frame.
 */
export function useOpenUntilNavigation(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(pathname);
  if (page !== pathname) {
    setPage(pathname);
    if (open) setOpen(false);
  }
  return [open, setOpen];
}
