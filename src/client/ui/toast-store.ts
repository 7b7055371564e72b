// The toast queue, apart from the Radix renderer so that calling toast() costs no bundle weight.
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
}
export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// At most one toast is visible (docs/product.md §9): a new one replaces the current one.
let current: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: ToastInput): void {
  current = [{ ...input, id: nextId++, open: true }];
  emit();
}

export function dismiss(id: number) {
  current = current.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
}

export const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export const snapshot = () => current;
export const EMPTY: ToastItem[] = [];
