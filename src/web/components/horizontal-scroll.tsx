import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface Edges {
  /** Content hidden to the left (scrolled away from the start). */
  before: boolean;
  /** Content hidden to the right. */
  after: boolean;
}

/**
 * A wide table (or anything wide) that scrolls sideways inside its own box instead of widening the page.
 * When it overflows, a shade marks each edge with more beyond it and a line says so; the box is a named,
 * focusable region so keyboard users can scroll it with the arrow keys.
 */
export function HorizontalScroll({
  label,
  className,
  children,
}: {
  /** The region's accessible name, e.g. 'Pending Referrals table'. */
  label: string;
  /** Classes of the scrolling box (border, radius, background). */
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [edges, setEdges] = useState<Edges>({ before: false, after: false });
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    // One pixel of slack: zoomed layouts round scroll positions.
    const before = box.scrollLeft > 1;
    const after = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setEdges((e) => (e.before === before && e.after === after ? e : { before, after }));
  }, []);

  useEffect(() => {
    measure();
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const overflows = edges.before || edges.after;
  return (
    // Block boxes, not grid or flex ones: their width never grows with the wide content inside.
    <div className="min-w-0 space-y-1">
      <div className="relative">
        <div
          ref={ref}
          role="region"
          aria-label={label}
          aria-describedby={overflows ? hintId : undefined}
          tabIndex={0}
          onScroll={measure}
          data-overflow={overflows ? 'true' : undefined}
          className={cn(
            'focus-visible:ring-ring/50 overflow-x-auto outline-none focus-visible:ring-[3px]',
            className,
          )}
        >
          {children}
        </div>
        <Shade side="left" shown={edges.before} />
        <Shade side="right" shown={edges.after} />
      </div>
      {overflows && (
        <p id={hintId} className="text-muted-foreground text-xs">
          Scroll sideways to see more
        </p>
      )}
    </div>
  );
}

function Shade({ side, shown }: { side: 'left' | 'right'; shown: boolean }) {
  return (
    <span
      aria-hidden="true"
      data-shade={side}
      data-shown={shown ? 'true' : undefined}
      className={cn(
        'pointer-events-none absolute inset-y-0 w-6 from-black/15 to-transparent transition-opacity',
        side === 'left' ? 'left-0 bg-linear-to-r' : 'right-0 bg-linear-to-l',
        shown ? 'opacity-100' : 'opacity-0',
      )}
    />
  );
}
