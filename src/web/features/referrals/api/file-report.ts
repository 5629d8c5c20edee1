import { apiPath } from '@shared/api-routes';
import { ReportSchema, type ReportInput } from '@shared/reports';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';

export const REPORT_FAILED = 'Error: Failed to send the report. Please try again.';

/** POST /api/reports: about someone the user shares a request with (issue 25 item 2). */
export async function fileReport(input: ReportInput) {
  return ReportSchema.parse(await apiRequest(apiPath('fileReport'), { method: 'POST', data: input }));
}

export function useFileReport() {
  return useMutation({
    mutationFn: fileReport,
    onSuccess: () =>
      toast({
        title: 'Report sent',
        description: 'Thank you. An admin will look at it; the other person is not told who reported them.',
      }),
    // A second report while one is open is a 409 whose sentence says so.
    meta: { errorToast: REPORT_FAILED, conflictFromServer: true },
  });
}
