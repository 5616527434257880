import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * Runs `show` once when the URL carries the one-time flag `?{param}=1` (set by a server redirect after
 * login or logout), then drops the flag from the address so a reload does not repeat it.
 */
export function useFlashToast(param: string, show: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef(false);
  const showRef = useRef(show);
  showRef.current = show;

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get(param) !== "1") return;
    if (!shown.current) {
      shown.current = true;
      showRef.current();
    }
    params.delete(param);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location.search, location.pathname, location.hash, navigate, param]);
}

/** A browser-storage flag for the admin UI (`localStorage.isAdminAuthenticated`). It only drives the UI; the server session alone grants access. */
export const ADMIN_FLAG_KEY = "isAdminAuthenticated";

export function setAdminFlag(on: boolean) {
  try {
    if (on) window.localStorage.setItem(ADMIN_FLAG_KEY, "true");
    else window.localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // Storage may be unavailable (private mode); nothing depends on it.
  }
}
