import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Loader2, Search } from 'lucide-react';
import { useId } from 'react';
import { BusyIcon } from '@/components/busy-icon';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** What a search box says: its label and example, and the longest search the server takes. */
export interface SearchFieldText {
  label: string;
  placeholder: string;
  maxLength: number;
}

/** A list's search box: its label, the magnifier inside the field, and what the user typed. */
export function SearchField({
  label,
  placeholder,
  maxLength,
  value,
  onChange,
}: SearchFieldText & { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          className="pl-9"
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </>
  );
}

/** A list's first page on its way: a line that says what is loading. */
export function ListLoading({ text }: { text: string }) {
  return (
    <p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {text}
    </p>
  );
}

/** 'Load more' under a paged list while the server has a further page; it spins while that page comes. */
export function LoadMore({ query, className }: { query: UseInfiniteQueryResult; className?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className={cn('flex justify-center', className)}>
      <Button
        type="button"
        variant="outline"
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        <BusyIcon busy={query.isFetchingNextPage} />
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
