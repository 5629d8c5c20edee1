import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/lib/utils';

/** The id of every page's `<main>`, where the skip link takes keyboard users past the header. */
export const MAIN_CONTENT_ID = 'main-content';

/** A page's main landmark: focusable from script (tabIndex -1), so the skip link can move focus into it. */
export function PageMain({ className, ...props }: Omit<ComponentProps<'main'>, 'id' | 'tabIndex'>) {
  return <main id={MAIN_CONTENT_ID} tabIndex={-1} className={cn('outline-none', className)} {...props} />;
}

/**
 * The first focusable element of every page: hidden until focused, then shown at the top left. It moves
 * focus itself instead of following the hash, so the router's URL stays as it was.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="bg-background text-foreground ring-ring sr-only z-[200] rounded-md px-4 py-2 text-sm font-medium shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:ring-2"
    >
      Skip to main content
    </a>
  );
}
