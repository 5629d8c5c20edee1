import { Plus } from 'lucide-react';
import type { ReactElement } from 'react';
import { FIXED_COMPANIES } from '@shared/companies';
import { cn } from '@/lib/utils';

/**
 * Employer tiles for the landing page. The artwork is deliberately original: a simple geometric mark
 * plus the company name set in a distinctive weight and colour. No real logo artwork, no remote images.
 */

type Shape =
  | 'circle'
  | 'ring'
  | 'square'
  | 'diamond'
  | 'triangle'
  | 'hexagon'
  | 'bars'
  | 'arc'
  | 'dots'
  | 'wave'
  | 'chevron'
  | 'split';

interface WordmarkStyle {
  color: string;
  shape: Shape;
  font: string;
}

const FALLBACK_STYLE: WordmarkStyle = { color: '#2563eb', shape: 'circle', font: 'font-semibold' };

const WORDMARK_STYLES: Record<string, WordmarkStyle> = {
  Google: { color: '#1a73e8', shape: 'ring', font: 'font-medium tracking-tight' },
  Microsoft: { color: '#0f6cbd', shape: 'dots', font: 'font-semibold' },
  Amazon: { color: '#e47911', shape: 'wave', font: 'font-extrabold lowercase tracking-tight' },
  Stripe: { color: '#635bff', shape: 'bars', font: 'font-bold tracking-tight' },
  Meta: { color: '#0467df', shape: 'hexagon', font: 'font-semibold' },
  Apple: { color: '#1d1d1f', shape: 'circle', font: 'font-medium tracking-wide' },
  Netflix: { color: '#d81f26', shape: 'split', font: 'font-black uppercase tracking-wider' },
  Salesforce: { color: '#0b8bd8', shape: 'arc', font: 'font-semibold italic' },
  Adobe: { color: '#e3261b', shape: 'triangle', font: 'font-bold' },
  Uber: { color: '#111111', shape: 'square', font: 'font-bold tracking-tight' },
  Airbnb: { color: '#ff385c', shape: 'chevron', font: 'font-extrabold lowercase' },
};

function MarkShape({ shape }: { shape: Shape }): ReactElement {
  switch (shape) {
    case 'circle':
      return <circle cx="12" cy="12" r="9" fill="currentColor" />;
    case 'ring':
      return <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="4" />;
    case 'square':
      return <rect x="3" y="3" width="18" height="18" rx="4" fill="currentColor" />;
    case 'diamond':
      return <path d="M12 2 22 12 12 22 2 12Z" fill="currentColor" />;
    case 'triangle':
      return <path d="M12 3 21.5 20h-19Z" fill="currentColor" strokeLinejoin="round" />;
    case 'hexagon':
      return <path d="M12 2.5 20.5 7.25v9.5L12 21.5l-8.5-4.75v-9.5Z" fill="currentColor" />;
    case 'bars':
      return (
        <g fill="currentColor">
          <rect x="3" y="12" width="4.5" height="9" rx="1.5" />
          <rect x="9.75" y="7" width="4.5" height="14" rx="1.5" />
          <rect x="16.5" y="3" width="4.5" height="18" rx="1.5" />
        </g>
      );
    case 'arc':
      return (
        <g fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round">
          <path d="M4 17a8 8 0 0 1 16 0" />
          <path d="M9 17a3 3 0 0 1 6 0" />
        </g>
      );
    case 'dots':
      return (
        <g fill="currentColor">
          <rect x="3" y="3" width="8" height="8" rx="2" />
          <rect x="13" y="3" width="8" height="8" rx="2" opacity="0.7" />
          <rect x="3" y="13" width="8" height="8" rx="2" opacity="0.7" />
          <rect x="13" y="13" width="8" height="8" rx="2" opacity="0.45" />
        </g>
      );
    case 'wave':
      return (
        <path
          d="M3 14c3-5 6-5 9 0s6 5 9 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
      );
    case 'chevron':
      return (
        <path
          d="M5 9.5 12 16.5 19 9.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      );
    case 'split':
      return (
        <g fill="currentColor">
          <path d="M4 3h7v18H4Z" />
          <path d="M13 3h7v18h-7Z" opacity="0.55" />
        </g>
      );
  }
}

/** A small original geometric mark; decorative, so hidden from assistive technology. */
export function EmployerMark({ name, className }: { name: string; className?: string }) {
  const style = WORDMARK_STYLES[name] ?? FALLBACK_STYLE;
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={cn('size-6 shrink-0', className)}
      style={{ color: style.color }}
    >
      <MarkShape shape={style.shape} />
    </svg>
  );
}

/** Mark plus the company name as an original styled wordmark. */
export function EmployerWordmark({ name }: { name: string }) {
  const style = WORDMARK_STYLES[name] ?? FALLBACK_STYLE;
  return (
    <span className="flex items-center gap-2">
      <EmployerMark name={name} />
      <span className={cn('text-base sm:text-lg', style.font)} style={{ color: style.color }}>
        {name}
      </span>
    </span>
  );
}

/** The first eleven fixed employers, in seed order, followed by the twelfth 'More' tile. */
export const LANDING_EMPLOYERS = FIXED_COMPANIES.slice(0, 11);

const tileClass =
  'flex h-20 items-center justify-center rounded-xl border bg-card px-3 shadow-xs transition-all hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md';

export function EmployerTiles({ labelledBy }: { labelledBy?: string }) {
  return (
    <ul
      aria-labelledby={labelledBy}
      className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-6"
    >
      {LANDING_EMPLOYERS.map((company) => (
        <li key={company.id} className={tileClass}>
          <EmployerWordmark name={company.name} />
        </li>
      ))}
      <li className={cn(tileClass, 'border-dashed bg-muted/60 text-muted-foreground hover:text-primary')}>
        <span className="flex items-center gap-2 text-base font-semibold sm:text-lg">
          <Plus aria-hidden="true" className="size-5" />
          More
        </span>
      </li>
    </ul>
  );
}
