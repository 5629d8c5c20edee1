import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { EditItemCard } from './edit-item-card';
import { AddToggleButton, EditSectionCard, type EditMode } from './edit-section-card';

interface Item {
  id: number;
  order: number;
}

/** What an item's card shows; its Edit and Delete buttons are the section's. */
export type ItemCardText = Omit<
  ComponentProps<typeof EditItemCard>,
  'onEdit' | 'onDelete' | 'deleting' | 'editRef'
>;

/**
 * docs/product.md, Screens (the profile editor): a section shows its list with Edit and Delete per item, or a form.
 * An empty list opens the form at once; 'Add' toggles to 'Cancel Editing'. Saving and deleting go through
 * `save` and `remove`, with a 'Success' toast saying `saved` or `deleted`.
 *
 * The form takes the place of the list, and with it the button that opened it: an opened form takes the
 * focus (its first field), and a closed one gives it back to its opener, 'Add' or the item's Edit
 * (issue 46 item 9).
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
  const item = mode.kind === 'edit' ? mode.item : undefined;

  const formRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const editRefs = useRef(new Map<number, HTMLButtonElement>());
  // Where the focus goes once that is on the page: the form's first field, 'Add' (which may only show once
  // the first item is saved) or an item's Edit button.
  const [focusNext, setFocusNext] = useState<'form' | 'add' | { edit: number } | null>(null);
  useEffect(() => {
    if (focusNext === null) return;
    const target =
      focusNext === 'form'
        ? formRef.current?.querySelector<HTMLElement>('input, select, textarea')
        : focusNext === 'add'
          ? addRef.current
          : editRefs.current.get(focusNext.edit);
    if (!target) return;
    target.focus();
    setFocusNext(null);
  }, [focusNext, formOpen, query.data]);
  const openForm = (next: EditMode<T>) => {
    setFocusNext('form');
    setMode(next);
  };
  const done = () => {
    setFocusNext(mode.kind === 'edit' ? { edit: mode.item.id } : 'add');
    setMode({ kind: 'list' });
  };

  return (
    <EditSectionCard
      title={title}
      description={description}
      icon={icon}
      action={
        canToggle && (
          <AddToggleButton
            ref={addRef}
            editing={formOpen}
            onToggle={() => (formOpen ? done() : openForm({ kind: 'add' }))}
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
        <div key={item?.id ?? 'new'} ref={formRef}>
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
                onEdit={() => openForm({ kind: 'edit', item: each })}
                editRef={(button) => {
                  if (button) editRefs.current.set(each.id, button);
                  else editRefs.current.delete(each.id);
                }}
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
