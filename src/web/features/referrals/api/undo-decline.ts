import { apiPath } from '@shared/api-routes';
import { REQUEST_LIFECYCLE_TEXTS } from '@shared/referral-texts';
import { type Referral, ReferralSchema } from '@shared/referrals';
import { MutationObserver, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const UNDO_FAILED = 'Error: Failed to undo the decline. Please try again.';

/** POST /api/referrals/{id}/undo: the referrer's own decline, within DECLINE_UNDO_WINDOW. */
export async function undoDecline(referralId: number) {
  return ReferralSchema.parse(await apiRequest(apiPath('undoDecline', { referralId }), { method: 'POST' }));
}

/**
 * Runs the undo from the decline toast's Undo button. The dialog that declined has closed by then, so this
 * is a mutation of its own, outside any component; a refusal (409 once the window passed) toasts the
 * server's sentence from the query client's one place. Resolves with the referral, pending again, once the
 * lists are read again; undefined when it was refused.
 */
export function runUndoDecline(queryClient: QueryClient, referralId: number): Promise<Referral | undefined> {
  const observer = new MutationObserver(queryClient, {
    mutationFn: undoDecline,
    onSuccess: () => toast({ title: 'Referral updated', description: REQUEST_LIFECYCLE_TEXTS.undone }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
    meta: { errorToast: UNDO_FAILED, conflictFromServer: true },
  });
  return observer.mutate(referralId).catch(() => undefined);
}

/** The card's own Undo (issue 46 item 9): the same undo, for as long as the window lasts. */
export function useUndoDecline(referralId: number) {
  const queryClient = useQueryClient();
  return { undo: () => runUndoDecline(queryClient, referralId) };
}
