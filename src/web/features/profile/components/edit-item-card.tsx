import { descriptionItems } from '@shared/profile-format';
import { Pencil, Trash2 } from 'lucide-react';
import { useState, type Ref } from 'react';
import { AppDialog } from '@/components/app-dialog';
import { Button } from '@/components/ui/button';
import { BusyIcon } from '@/components/busy-icon';

/** One saved experience or education: headline, where, when, bullet list, and its Edit / Delete buttons. */
export function EditItemCard({
  title,
  subtitle,
  dates,
  current = false,
  description,
  itemName,
  onEdit,
  onDelete,
  deleting,
  editRef,
}: {
  title: string;
  subtitle: string;
  dates: string;
  current?: boolean;
  description: string | null;
  itemName: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** The Edit button, which gets the focus back when the item's form closes. */
  editRef?: Ref<HTMLButtonElement>;
}) {
  const bullets = descriptionItems(description);
  // Deleting asks first; closing the question puts focus back on the Delete button (Radix's focus scope).
  const [confirming, setConfirming] = useState(false);
  const deleteDialog = (
    <AppDialog
      trigger={
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={deleting}
          aria-label={`Delete ${itemName}`}
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <BusyIcon busy={deleting} idle={<Trash2 aria-hidden="true" />} />
          Delete
        </Button>
      }
      open={confirming}
      onOpenChange={setConfirming}
      icon={<Trash2 className="size-5" aria-hidden="true" />}
      title="Delete this entry?"
      description={`${itemName} will be removed from your profile. This cannot be undone.`}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            onClick={() => {
              setConfirming(false);
              onDelete();
            }}
          >
            Delete
          </Button>
        </>
      }
    />
  );
  return (
    <article className="bg-background hover:border-primary/30 rounded-lg border p-4 transition-colors">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-56">
          <h3 className="font-semibold wrap-anywhere">{title}</h3>
          <p className="text-muted-foreground text-sm wrap-anywhere">{subtitle}</p>
          {dates && (
            <p className="text-muted-foreground mt-1 flex items-center gap-2 text-xs">
              {dates}
              {current && (
                <span className="rounded-full bg-green-100 px-2 py-0.5 text-[11px] font-medium text-green-800">
                  Current
                </span>
              )}
            </p>
          )}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            ref={editRef}
            type="button"
            variant="outline"
            size="sm"
            onClick={onEdit}
            aria-label={`Edit ${itemName}`}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          {deleteDialog}
        </div>
      </div>
      {bullets.length > 0 && (
        <ul className="marker:text-primary/70 mt-3 list-disc space-y-1 pl-5 text-sm wrap-anywhere">
          {bullets.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
