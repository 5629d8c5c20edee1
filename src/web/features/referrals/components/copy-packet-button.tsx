import { ClipboardCopy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getReferralPacket } from '../api/get-referral-packet';

export const COPY_FAILED = 'Error: Failed to copy the referral details. Please try again.';

/**
 * 'Copy referral details' (issue 24 item 8): the candidate, the posting, the message and the résumé link
 * as one text for the company's referral tool, read fresh and put on the clipboard.
 */
export function CopyPacketButton({ referralId }: { referralId: number }) {
  const [busy, setBusy] = useState(false);
  async function copy() {
    setBusy(true);
    try {
      const packet = await getReferralPacket(referralId);
      await navigator.clipboard.writeText(packet.text);
      toast({ title: 'Copied', description: 'The referral details are on your clipboard.' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: COPY_FAILED });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void copy()}>
      <ClipboardCopy aria-hidden="true" />
      Copy referral details
    </Button>
  );
}
