import { useQueryClient } from '@tanstack/react-query';
import { useCartUi } from '../cart-ui.tsx';

/** After every add, change or removal the cart is fetched again (SPEC §4). */
export function useRefetchCart() {
  const qc = useQueryClient();
  const { setSessionId } = useCartUi();
  return (sessionId: string) => {
    setSessionId(sessionId);
    return qc.invalidateQueries({ queryKey: ['cart', sessionId] });
  };
}
