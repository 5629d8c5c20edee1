import { Plus, X } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The card around one profile section: title, hint, the Add / Cancel Editing toggle, then list or form. */
export function EditSectionCard({
  title,
  description,
  icon,
  action,
  children,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region" className="gap-5">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="bg-primary/10 text-primary flex size-10 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5">
            {icon}
          </span>
          <div className="grid gap-1">
            <CardTitle>
              <h2 id={headingId} className="text-lg">
                {title}
              </h2>
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** 'Add' while the list shows; 'Cancel Editing' while a form is open over a non-empty list. */
export function AddToggleButton({
  editing,
  onToggle,
  ref,
}: {
  editing: boolean;
  onToggle: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button ref={ref} type="button" variant={editing ? 'outline' : 'default'} size="sm" onClick={onToggle}>
      {editing ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
      {editing ? 'Cancel Editing' : 'Add'}
    </Button>
  );
}

/** Which form a list section shows: none, a new item, or an existing one. */
export type EditMode<T> = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; item: T };
