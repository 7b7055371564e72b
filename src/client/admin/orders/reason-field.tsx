import { useId } from 'react';
import { REFUND_REASON_MAX } from '#shared/refunds.ts';
import { inputClass } from '../../ui/field.tsx';

/** The optional reason of a refund or a cancellation, kept in the order's history. */
export function ReasonField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-bold">
        Reason <span className="font-normal text-muted">(optional)</span>
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={REFUND_REASON_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
    </div>
  );
}
