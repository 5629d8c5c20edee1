import { FileSearch, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

export function LoadingText({ text }: { text: string }) {
  return (
    <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 py-12">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {text}
    </p>
  );
}

/** docs/product.md, Messages ('Referrer dashboards'): the sentence plus the technical details. */
export function LoadError({ details }: { details: string }) {
  return (
    <div role="alert" className="border-destructive/30 bg-destructive/5 grid gap-1 rounded-lg border p-4">
      <p className="text-destructive font-medium">Error loading referral requests. Please try again later.</p>
      <p className="text-muted-foreground font-mono text-xs break-all">{details}</p>
    </div>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="bg-card flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <FileSearch className="text-muted-foreground size-10" aria-hidden="true" />
      <h3 className="text-lg font-semibold">{title}</h3>
      {text && <p className="text-muted-foreground max-w-md text-sm">{text}</p>}
      {action}
    </div>
  );
}
