import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from './query.tsx';

export interface MutationOptions<TData, TVars> {
  mutationFn: (variables: TVars) => Promise<TData>;
  /** awaited before the mutation counts as done; should it throw, onError follows */
  onSuccess?: (data: TData, variables: TVars) => unknown;
  onError?: (error: unknown, variables: TVars) => unknown;
}

type MutationState<TData> =
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: TData; error: null }
  | { status: 'error'; data: undefined; error: unknown };

const IDLE = { status: 'idle', data: undefined, error: null } as const;

/**
 * A change sent to the server (the cart drawer's), with its state: `mutate` sends it and reports a
 * failure only through onError; `mutateAsync` also rejects. The options' callbacks run even when the
 * component has gone. Counted by useIsMutating while under way, callbacks included.
 */
export function useMutation<TData, TVars = void>(options: MutationOptions<TData, TVars>) {
  const qc = useQueryClient();
  const [state, setState] = useState<MutationState<TData>>(IDLE);
  const latest = useRef(options);
  latest.current = options;
  const mutateAsync = useCallback(
    async (variables: TVars): Promise<TData> => {
      const { mutationFn, onSuccess, onError } = latest.current;
      setState({ status: 'pending', data: undefined, error: null });
      qc.countMutation(1);
      try {
        const data = await mutationFn(variables);
        await onSuccess?.(data, variables);
        setState({ status: 'success', data, error: null });
        return data;
      } catch (error) {
        await onError?.(error, variables);
        setState({ status: 'error', data: undefined, error });
        throw error;
      } finally {
        qc.countMutation(-1);
      }
    },
    [qc],
  );
  const mutate = useCallback((variables: TVars) => void mutateAsync(variables).catch(() => {}), [mutateAsync]);
  return {
    ...state,
    mutate,
    mutateAsync,
    reset: () => setState(IDLE),
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}

/** How many mutations of the client are under way. */
export function useIsMutating(): number {
  const qc = useQueryClient();
  const read = () => qc.mutating;
  return useSyncExternalStore(qc.subscribe, read, () => 0);
}
