import type { UseQueryResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { AddToggleButton, EditSectionCard, type EditMode } from './edit-section-card';

interface Item {
  id: number;
  order: number;
}

/**
 * Spec section 4, 'Profile edit screen': a section shows its list with Edit and Delete per item, or a form.
 * An empty list opens the form at once; 'Add' toggles to 'Cancel Editing'.
 */
export function EditListSection<T extends Item>({
  title,
  description,
  icon,
  query,
  sort,
  renderItem,
  renderForm,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  query: UseQueryResult<T[]>;
  sort: (items: readonly T[]) => T[];
  renderItem: (item: T, startEditing: () => void) => ReactNode;
  renderForm: (form: { item?: T; order: number; done: () => void }) => ReactNode;
}) {
  const [mode, setMode] = useState<EditMode<T>>({ kind: 'list' });
  const items = query.data ?? [];
  const formOpen = query.isSuccess && (mode.kind !== 'list' || items.length === 0);
  const canToggle = query.isSuccess && items.length > 0;
  const done = () => setMode({ kind: 'list' });

  return (
    <EditSectionCard
      title={title}
      description={description}
      icon={icon}
      action={
        canToggle && (
          <AddToggleButton
            editing={formOpen}
            onToggle={() => setMode(formOpen ? { kind: 'list' } : { kind: 'add' })}
          />
        )
      }
    >
      {query.isPending ? (
        <SectionLoading />
      ) : query.isError ? (
        <SectionError what={title.toLowerCase()} onRetry={() => void query.refetch()} />
      ) : formOpen ? (
        // A fresh form per item: its fields start from that item's values.
        <div key={mode.kind === 'edit' ? mode.item.id : 'new'}>
          {renderForm({
            item: mode.kind === 'edit' ? mode.item : undefined,
            order: items.reduce((max, item) => Math.max(max, item.order + 1), 0),
            done,
          })}
        </div>
      ) : (
        <ul className="grid gap-3">
          {sort(items).map((item) => (
            <li key={item.id} className="list-none">
              {renderItem(item, () => setMode({ kind: 'edit', item }))}
            </li>
          ))}
        </ul>
      )}
    </EditSectionCard>
  );
}

export function SectionLoading() {
  return (
    <p className="text-muted-foreground flex items-center gap-2 py-6 text-sm" role="status">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      Loading...
    </p>
  );
}

export function SectionError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 py-4 text-sm">
      <p className="text-destructive">We could not load your {what}.</p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
