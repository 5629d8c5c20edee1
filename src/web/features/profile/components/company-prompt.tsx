import type { User } from '@shared/auth';
import { suggestEmployers } from '@shared/employers';
import { CurrentCompanyInputSchema } from '@shared/profile';
import { Building2, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useExperiences } from '../api/get-experiences';
import { useUpdateCurrentCompany } from '../api/update-current-company';

export const COMPANY_SAVE_FAILED = 'Failed to update your company. Please try again.';

const keepOpen = (event: Event) => event.preventDefault();

/**
 * The dashboard's blocking "Where do you work?" dialog (spec section 4, Company prompt). It opens only for a
 * user without a current company, not on the first dashboard visit of the session, and only once the
 * experiences call has answered with an empty list. It cannot be dismissed; saving a company closes it.
 */
export function CompanyPrompt({ user, isFirstVisit }: { user: User; isFirstVisit: boolean }) {
  const needsCompany = user.currentCompanyName === null && !isFirstVisit;
  const experiences = useExperiences({ enabled: needsCompany });
  const [saved, setSaved] = useState(false);
  const open = needsCompany && !saved && experiences.isSuccess && experiences.data.length === 0;

  return (
    <Dialog open={open}>
      <DialogContent
        showCloseButton={false}
        onPointerDownOutside={keepOpen}
        onInteractOutside={keepOpen}
        onEscapeKeyDown={keepOpen}
        className="sm:max-w-md"
      >
        <DialogHeader>
          <div className="bg-primary/10 text-primary mb-1 flex size-11 items-center justify-center rounded-full">
            <Building2 className="size-5" aria-hidden="true" />
          </div>
          <DialogTitle>We need one information</DialogTitle>
          <DialogDescription>
            Knowing your current employer lets us match you with the right referrers.
          </DialogDescription>
        </DialogHeader>
        <CompanyForm userId={user.id} onSaved={() => setSaved(true)} />
      </DialogContent>
    </Dialog>
  );
}

function CompanyForm({ userId, onSaved }: { userId: number; onSaved: () => void }) {
  const update = useUpdateCurrentCompany(userId);
  const [value, setValue] = useState('');
  // Suggestions appear after any typing and hide once one is picked.
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const ids = { input: useId(), list: useId(), error: useId() };

  const suggestions = listOpen ? suggestEmployers(value) : [];
  const showList = suggestions.length > 0;
  const blank = value.trim() === '';

  function change(next: string) {
    setValue(next);
    setListOpen(true);
    setActive(-1);
    setError(null);
    update.reset();
  }

  function pick(name: string) {
    setValue(name);
    setListOpen(false);
    setActive(-1);
    setError(null);
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (update.isPending) return;
    const parsed = CurrentCompanyInputSchema.safeParse({ companyName: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please select or enter a company name');
      return;
    }
    setListOpen(false);
    update.mutate(parsed.data.companyName, { onSuccess: onSaved });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && showList) {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && showList) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Escape' && showList) {
      setListOpen(false);
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted suggestion; otherwise it submits, so a blank name gets its message
      // even though the Continue button is disabled.
      event.preventDefault();
      const highlighted = showList && active >= 0 ? suggestions[active] : undefined;
      if (highlighted !== undefined) pick(highlighted);
      else submit();
    }
  }

  const message = error ?? (update.isError ? COMPANY_SAVE_FAILED : null);
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={ids.input} className="text-base">
          Where do you work?
        </Label>
        <Input
          id={ids.input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={ids.list}
          aria-activedescendant={showList && active >= 0 ? `${ids.list}-${active}` : undefined}
          aria-invalid={message !== null}
          aria-describedby={message ? ids.error : undefined}
          autoComplete="off"
          placeholder="Start typing your company name"
          value={value}
          disabled={update.isPending}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {showList && (
          <ul
            id={ids.list}
            role="listbox"
            aria-label="Company suggestions"
            className="bg-popover max-h-64 overflow-y-auto rounded-md border p-1 shadow-sm"
          >
            {suggestions.map((name, i) => (
              <li
                key={name}
                id={`${ids.list}-${i}`}
                role="option"
                aria-selected={i === active}
                className={cn(
                  'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                  i === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
                )}
                // Keep focus in the input so typing can go on after a click.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(name)}
              >
                {name}
              </li>
            ))}
          </ul>
        )}
        {message && (
          <p id={ids.error} role="alert" className="text-destructive text-sm">
            {message}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="submit" disabled={blank || update.isPending} className="w-full sm:w-auto">
          {update.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {update.isPending ? 'Processing...' : 'Continue'}
        </Button>
      </DialogFooter>
    </form>
  );
}
