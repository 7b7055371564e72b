import { Minus, Plus } from 'lucide';
import { Icon } from '../../../ui/icon.tsx';
import { CART_QUANTITY_MAX } from '#shared/constants.ts';
import { cn } from '../../../lib/cn.ts';

interface Props {
  value: number;
  onChange(next: number): void;
  disabled?: boolean;
  className?: string;
  label?: string;
}

/** − n + ; never below 1 (the decrease control is disabled there) nor above 99. */
export function QuantitySelector({ value, onChange, disabled, className, label }: Props) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of two buttons and a live number
    <div
      role="group"
      aria-label={label ?? 'Quantity'}
      className={cn('inline-flex items-center rounded-md border-2 border-ink', className)}
    >
      <button
        type="button"
        aria-label="Decrease quantity"
        className="inline-flex size-10 items-center justify-center disabled:opacity-35"
        disabled={disabled || value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        <Icon node={Minus} className="size-4" />
      </button>
      <output aria-live="polite" className="w-8 text-center font-bold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        className="inline-flex size-10 items-center justify-center disabled:opacity-35"
        disabled={disabled || value >= CART_QUANTITY_MAX}
        onClick={() => onChange(Math.min(CART_QUANTITY_MAX, value + 1))}
      >
        <Icon node={Plus} className="size-4" />
      </button>
    </div>
  );
}
