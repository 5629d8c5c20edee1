import { BadgeCheck, ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
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
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import {
  useConfirmVerificationCode,
  useSendVerificationCode,
  useVerificationStatus,
} from '../api/verification';

const sentenceOf = (error: unknown) =>
  error instanceof ApiRequestError
    ? (error.serverMessage ?? 'Something went wrong. Please try again.')
    : 'Something went wrong. Please try again.';

/**
 * DESIGN.md "Trust and speed": 'Verified' for a verified referrer; otherwise a 'Pending Verification'
 * badge that opens the work-email dialog. Nothing for users who are not referrers (or while loading).
 */
export function VerificationBadge() {
  const status = useVerificationStatus();
  const [open, setOpen] = useState(false);
  if (!status.data?.companyName) return null;
  if (status.data.verified) {
    return (
      <Badge variant="secondary" className="gap-1" title={`Verified at ${status.data.companyName}`}>
        <BadgeCheck aria-hidden="true" />
        Verified
      </Badge>
    );
  }
  return (
    <>
      <button
        type="button"
        className="w-fit cursor-pointer"
        onClick={() => setOpen(true)}
        aria-label="Pending Verification: verify with your work email"
      >
        <Badge variant="outline" className="gap-1 border-amber-500 text-amber-700">
          <ShieldAlert aria-hidden="true" />
          Pending Verification
        </Badge>
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <VerifyDialogContent companyName={status.data.companyName} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function VerifyDialogContent({ companyName, onDone }: { companyName: string; onDone: () => void }) {
  const emailId = useId();
  const codeId = useId();
  const send = useSendVerificationCode();
  const confirm = useConfirmVerificationCode();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    send.mutate(email, {
      onSuccess: (result) => setSentTo(result.sentTo),
      onError: (err) => setError(sentenceOf(err)),
    });
  };
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    confirm.mutate(code, {
      onSuccess: () => {
        toast({ title: 'Verified', description: `You are now a verified referrer at ${companyName}.` });
        onDone();
      },
      onError: (err) => setError(sentenceOf(err)),
    });
  };

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Verify with your work email</DialogTitle>
        <DialogDescription>
          We send a 6-digit code to your {companyName} address. Verified referrers get requests first.
        </DialogDescription>
      </DialogHeader>
      {sentTo === null ? (
        <form className="grid gap-3" onSubmit={onSend}>
          <Label htmlFor={emailId}>Work email</Label>
          <Input
            id={emailId}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          {error && (
            <p className="text-destructive text-sm" role="alert">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={send.isPending || !email.trim()}>
              {send.isPending ? 'Sending...' : 'Send code'}
            </Button>
          </DialogFooter>
        </form>
      ) : (
        <form className="grid gap-3" onSubmit={onVerify}>
          <p className="text-sm">We sent a code to {sentTo}. It works for 15 minutes.</p>
          <Label htmlFor={codeId}>Code</Label>
          <Input
            id={codeId}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
          {error && (
            <p className="text-destructive text-sm" role="alert">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setSentTo(null)}>
              Use another address
            </Button>
            <Button type="submit" disabled={confirm.isPending || code.trim().length !== 6}>
              {confirm.isPending ? 'Verifying...' : 'Verify'}
            </Button>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}
