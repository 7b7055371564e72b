import type { IconNode } from 'lucide';
import { createElement, type SVGProps } from 'react';

/**
 * A Lucide icon drawn from its path data (the `lucide` package): a few hundred bytes per icon
 * instead of lucide-react's runtime, which matters for the storefront's first load.
 * Decorative by default (aria-hidden); give the control around it an accessible name.
 */
export function Icon({ node, className, ...props }: { node: IconNode } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {node.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
