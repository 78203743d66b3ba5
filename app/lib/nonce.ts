import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered. The Worker makes one per request and
 * entry.server.tsx provides it; in the browser there is none (the scripts already ran), so it is undefined.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The nonce for an inline <script> of the server-rendered page. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
