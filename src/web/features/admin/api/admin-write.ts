import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { adminKeys } from './admin-keys';

/**
 * An admin write; every list is read again after it. A failure is the server's sentence: in a toast, or
 * `inDialog`, where the dialog that asked shows it beside what was typed.
 */
export function useAdminWrite<Input, Output>(
  write: (input: Input) => Promise<Output>,
  done: (output: Output) => string,
  { inDialog = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (output) => toast({ title: 'Done', description: done(output) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    meta: { silent: inDialog },
  });
}

/** Asked in a dialog: a refusal shows there, beside what was typed. */
export const inDialog = { inDialog: true };
