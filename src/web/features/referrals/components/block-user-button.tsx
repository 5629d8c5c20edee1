import { Ban } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useBlockUser } from '../api/block-user';
import { QuietCardAction } from './quiet-card-action';

/**
 * 'Block' on both sides' cards (issue 25 item 3), behind a confirmation: matching never pairs the two again,
 * and an open referral between them moves on at once. The other side is never told.
 */
export function BlockUserButton({ userId, name, seeker }: { userId: number; name: string; seeker: boolean }) {
  const block = useBlockUser();
  const effect = seeker
    ? `Your requests will never go to ${name} again, and an open one moves to another referrer.`
    : `You will never receive ${name}'s requests again, and an open one moves to another referrer.`;
  return (
    <ConfirmDialog
      title={`Block ${name}?`}
      description={`${effect} ${name} is not told.`}
      trigger={<QuietCardAction icon={Ban} label="Block" />}
      confirmLabel="Block"
      pending={block.isPending}
      onConfirm={(close) => block.mutate(userId, { onSuccess: close })}
    />
  );
}
