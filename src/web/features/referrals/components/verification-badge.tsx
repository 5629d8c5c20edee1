import { BadgeCheck, ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { AppDialog } from '@/components/app-dialog';
import { DialogForm } from '@/components/dialog-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import {
  useConfirmVerificationCode,
  useSendVerificationCode,
  useVerificationStatus,
} from '../api/verification';
import { formatVerifiedUntil } from '../utils/referral-display';

const sentenceOf = (error: unknown) =>
  error instanceof ApiRequestError
    ? (error.serverMessage ?? 'Something went wrong. Please try again.')
    : 'Something went wrong. Please try again.';

/**
 * docs/product.md, Verification: 'Verified until {date}' for a verified referrer, with 'Renew' once the lapse
 * is near (docs/decisions/035-verification-lapse.md); otherwise, a lapsed verification included, a
 * 'Pending Verification' badge that opens the work-email dialog. Nothing for users who are not referrers
 * (or while loading).
 */
export function VerificationBadge() {
  const status = useVerificationStatus();
  const [open, setOpen] = useState(false);
  if (!status.data?.companyName) return null;
  const { companyName, verified, verifiedUntil, renewable } = status.data;
  const dialog = (
    <AppDialog
      open={open}
      onOpenChange={setOpen}
      title="Verify with your work email"
      description={`We send a 6-digit code to your ${companyName} address. Verified referrers get requests first.`}
    >
      <WorkEmailVerification companyName={companyName} onDone={() => setOpen(false)} />
    </AppDialog>
  );
  if (verified) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary" className="gap-1" title={`Verified at ${companyName}`}>
          <BadgeCheck aria-hidden="true" />
          {verifiedUntil ? `Verified until ${formatVerifiedUntil(verifiedUntil)}` : 'Verified'}
        </Badge>
        {renewable && (
          <>
            <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
              Renew
            </Button>
            {dialog}
          </>
        )}
      </div>
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
      {dialog}
    </>
  );
}

/** The work-email forms: send a code to an address at the company, then enter it. Also the /refer flow's step 2. */
export function WorkEmailVerification({ companyName, onDone }: { companyName: string; onDone: () => void }) {
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

  return sentTo === null ? (
    <DialogForm
      fieldId={emailId}
      label="Work email"
      error={error}
      onSubmit={onSend}
      actions={
        <Button type="submit" disabled={send.isPending || !email.trim()}>
          {send.isPending ? 'Sending...' : 'Send code'}
        </Button>
      }
    >
      <Input
        id={emailId}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
    </DialogForm>
  ) : (
    <DialogForm
      fieldId={codeId}
      label="Code"
      error={error}
      onSubmit={onVerify}
      intro={<p className="text-sm">We sent a code to {sentTo}. It works for 15 minutes.</p>}
      actions={
        <>
          <Button type="button" variant="outline" onClick={() => setSentTo(null)}>
            Use another address
          </Button>
          <Button type="submit" disabled={confirm.isPending || code.trim().length !== 6}>
            {confirm.isPending ? 'Verifying...' : 'Verify'}
          </Button>
        </>
      }
    >
      <Input
        id={codeId}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
      />
    </DialogForm>
  );
}
