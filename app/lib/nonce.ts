import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce. The server renders with it (entry.server.tsx provides it); in the browser
 * there is no provider and nothing needs it, because scripts only run from the server's HTML.
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
