import type { ComponentProps, ReactNode } from 'react';
import { inputClass } from '../../ui/field.tsx';

/** What a field gives its control: its id, its hint and error to be read with it, whether it is invalid. */
export interface ControlProps {
  id: string;
  required: true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

type AdminFieldProps = Omit<ComponentProps<'input'>, 'children' | 'required'> & {
  id: string;
  label: ReactNode;
  /** A sentence under the control (what to enter, what it does), read with it. */
  hint?: ReactNode;
  error?: string;
  /** "*" after the label, and the control required. */
  required?: boolean;
  /** "(optional)" after the label. */
  optional?: boolean;
  /** Another control than a text input (a select, a textarea), given the field's wiring. */
  children?: (control: ControlProps) => ReactNode;
};

/**
 * A labelled control of a dashboard form with its hint and its error below it, both linked to it
 * (`aria-describedby`, the hint first, and any id passed in before them), the error marking it invalid.
 */
export function AdminField({
  id,
  label,
  hint,
  error,
  required,
  optional,
  className,
  children,
  'aria-describedby': also,
  ...input
}: AdminFieldProps) {
  const described = [also, hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const control: ControlProps = {
    id,
    required: required ? true : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    className: inputClass,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-bold">
        {label}
        {optional ? <span className="font-normal text-muted"> (optional)</span> : null}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children ? children(control) : <input {...control} {...input} />}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
