import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { peekSessionId } from '../../lib/session-id.ts';

interface CartUi {
  open: boolean;
  setOpen(open: boolean): void;
  /** null until the browser has read localStorage (and during SSR) */
  sessionId: string | null;
  setSessionId(id: string): void;
}

const CartUiContext = createContext<CartUi | null>(null);

export function CartUiProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [sessionId, setSessionId] = useState<string | null>(null);
  // localStorage is read after hydration so the server's and the browser's first render match.
  useEffect(() => setSessionId(peekSessionId()), []);
  const value = useMemo(() => ({ open, setOpen, sessionId, setSessionId }), [open, sessionId]);
  return <CartUiContext.Provider value={value}>{children}</CartUiContext.Provider>;
}

export function useCartUi(): CartUi {
  const v = useContext(CartUiContext);
  if (!v) throw new Error('CartUiProvider is missing');
  return v;
}
