import { REQUEST_LIFECYCLE_TEXTS } from '@shared/referral-texts';
import { Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useUndoDecline } from '../api/undo-decline';
import { formatAnswerBy } from '../utils/referral-display';

/**
 * Issue 46 item 9: a decline's Undo stays on the referrer's card for the whole window (DECLINE_UNDO_WINDOW),
 * not only in the toast that one timeout may have closed; it goes when the window ends.
 */
export function UndoDeclineButton({
  referralId,
  undoUntil,
  onUndone,
}: {
  referralId: number;
  undoUntil: string;
  /** The decline is undone: the card, pending again, takes the focus in its new group. */
  onUndone?: () => void;
}) {
  const open = useWindowOpen(undoUntil);
  const { undo } = useUndoDecline(referralId);
  const [busy, setBusy] = useState(false);
  if (!open) return null;
  return (
    <div className="grid gap-1.5" data-testid="undo-decline">
      <p className="text-muted-foreground text-xs">
        {REQUEST_LIFECYCLE_TEXTS.undoUntil(formatAnswerBy(undoUntil))}
      </p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="justify-self-start"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void undo()
            .then((referral) => referral && onUndone?.())
            .finally(() => setBusy(false));
        }}
      >
        <Undo2 aria-hidden="true" />
        {REQUEST_LIFECYCLE_TEXTS.undoOnCard}
      </Button>
    </div>
  );
}

/** True until `until`, re-rendering once when it passes. */
function useWindowOpen(until: string): boolean {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = end - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [end]);
  return now < end;
}
