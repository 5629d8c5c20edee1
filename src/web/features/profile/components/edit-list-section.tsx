import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { EditItemCard } from './edit-item-card';
import { AddToggleButton, EditSectionCard, type EditMode } from './edit-section-card';

interface Item {
  id: number;
  order: number;
}

/** What an item's card shows; its Edit and Delete buttons are the section's. */
export type ItemCardText = Omit<ComponentProps<typeof EditItemCard>, 'onEdit' | 'onDelete' | 'deleting'>;

/**
 * Spec section 4, 'Profile edit screen': a section shows its list with Edit and Delete per item, or a form.
 * An empty list opens the form at once; 'Add' toggles to 'Cancel Editing'. Saving and deleting go through
 * `save` and `remove`, with a 'Success' toast saying `saved` or `deleted`.
 */
export function EditListSection<T extends Item, Values>({
  title,
  description,
  icon,
  query,
  sort,
  save,
  remove,
  texts,
  card,
  renderForm,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  query: UseQueryResult<T[]>;
  sort: (items: readonly T[]) => T[];
  save: UseMutationResult<unknown, Error, Values & { id?: number }>;
  remove: UseMutationResult<unknown, Error, number>;
  texts: { saved: string; deleted: string };
  card: (item: T) => ItemCardText;
  renderForm: (form: {
    item?: T;
    order: number;
    saving: boolean;
    onSave: (values: Values) => void;
  }) => ReactNode;
}) {
  const [mode, setMode] = useState<EditMode<T>>({ kind: 'list' });
  const items = query.data ?? [];
  const formOpen = query.isSuccess && (mode.kind !== 'list' || items.length === 0);
  const canToggle = query.isSuccess && items.length > 0;
  const done = () => setMode({ kind: 'list' });
  const item = mode.kind === 'edit' ? mode.item : undefined;

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
        <div key={item?.id ?? 'new'}>
          {renderForm({
            item,
            order: items.reduce((max, each) => Math.max(max, each.order + 1), 0),
            saving: save.isPending,
            onSave: (values) =>
              save.mutate(
                { ...values, id: item?.id },
                {
                  onSuccess: () => {
                    toast({ title: 'Success', description: texts.saved });
                    done();
                  },
                },
              ),
          })}
        </div>
      ) : (
        <ul className="grid gap-3">
          {sort(items).map((each) => (
            <li key={each.id} className="list-none">
              <EditItemCard
                {...card(each)}
                onEdit={() => setMode({ kind: 'edit', item: each })}
                deleting={remove.isPending && remove.variables === each.id}
                onDelete={() =>
                  remove.mutate(each.id, {
                    onSuccess: () => toast({ title: 'Success', description: texts.deleted }),
                  })
                }
              />
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
