import type { User } from '@shared/auth';
import { Download, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { AppDialog } from '@/components/app-dialog';
import { DialogForm } from '@/components/dialog-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api';
import { EXPORT_URL, useDeleteAccount } from '../api/delete-account';

/** Account Settings, docs/product.md, Privacy: download everything stored, or delete the account. */
export function YourDataCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <Card role="region" aria-label="Your data" className="mt-6 gap-4 py-5">
      <CardHeader className="px-5 sm:px-6">
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Download everything ReferBridge stores about you, or delete your account and all of it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3 px-5 sm:px-6">
        <Button asChild variant="outline">
          <a href={EXPORT_URL} download="referbridge-export.json">
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </CardContent>
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description="This deletes your profile, resume, requests, notifications and settings, and cannot be undone. Referral requests you hold as a referrer pass to another referrer."
      >
        <DeleteAccountForm email={user.email} onCancel={() => setOpen(false)} />
      </AppDialog>
    </Card>
  );
}

function DeleteAccountForm({ email, onCancel }: { email: string; onCancel: () => void }) {
  const inputId = useId();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    remove.mutate(typed, {
      onError: (err) =>
        setError(
          err instanceof ApiRequestError
            ? (err.serverMessage ?? 'Could not delete your account. Please try again.')
            : 'Could not delete your account. Please try again.',
        ),
    });
  };

  return (
    <DialogForm
      fieldId={inputId}
      label={`Type your email (${email}) to confirm`}
      error={error}
      onSubmit={onSubmit}
      actions={
        <>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </>
      }
    >
      <Input
        id={inputId}
        type="email"
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
    </DialogForm>
  );
}
