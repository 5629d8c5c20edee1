import { PRODUCT_NAME } from '@shared/brand';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-7', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M7 20c3-7 6-9 9-9s6 2 9 9" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="16" cy="11" r="2.5" fill="#fff" />
    </svg>
  );
}

export function BrandLink({ to }: { to: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <BrandMark />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
