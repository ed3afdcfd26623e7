import type { ReactNode } from 'react';
import { Link } from 'waku';

// The UI kit's button (docs/product-rules.md): sizes sm, md, lg; variants primary, secondary, success, warning, danger,
// their outline twins, and ghost. Server-safe: renders a <button> or a router <Link>.
export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'success'
  | 'warning'
  | 'danger'
  | 'outline-primary'
  | 'outline-secondary'
  | 'outline-success'
  | 'outline-warning'
  | 'outline-danger'
  | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const buttonClass = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = '') =>
  `btn btn-${variant} btn-${size}${extra ? ` ${extra}` : ''}`;

type Common = { variant?: ButtonVariant; size?: ButtonSize; children: ReactNode; className?: string };

export function ButtonLink({ variant, size, className, children, to }: Common & { to: string }) {
  return (
    <Link to={to} className={buttonClass(variant, size, className)}>
      {children}
    </Link>
  );
}
