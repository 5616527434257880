import { useState } from "react";
import { useLocation } from "react-router";

/**
 * Open/closed state for a menu that closes on any navigation (a new path). The state is reset while
 * rendering, as React's docs advise for state that follows a value, rather than by an effect one frame late.
 */
export function useMenuOpen() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  return [open, setOpen] as const;
}
