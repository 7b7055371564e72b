import { createContext, type ReactNode, useContext } from 'react';
import type { PublicConfig } from '#shared/ssr-contract.ts';

declare global {
  interface Window {
    __PUBLIC_CONFIG__?: PublicConfig;
    __RQ_STATE__?: unknown;
  }
}

const PublicConfigContext = createContext<PublicConfig | null>(null);

export function PublicConfigProvider({ value, children }: { value: PublicConfig; children: ReactNode }) {
  return <PublicConfigContext.Provider value={value}>{children}</PublicConfigContext.Provider>;
}

/** Configuration the server allows the browser to see (support contacts, payment mode, tags). */
export function usePublicConfig(): PublicConfig {
  const value = useContext(PublicConfigContext);
  if (!value) throw new Error('PublicConfigProvider is missing');
  return value;
}
