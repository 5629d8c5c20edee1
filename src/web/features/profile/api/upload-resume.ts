import { apiPath } from '@shared/api-routes';
import { ResumeSchema } from '@shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { profileKeys } from './profile-keys';

export async function uploadResume(file: File) {
  const form = new FormData();
  form.append('resume', file);
  return ResumeSchema.parse(await apiRequest(apiPath('uploadResume'), { method: 'POST', data: form }));
}

export function useUploadResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadResume,
    // docs/product.md, The API: after an upload the resumes and the active resume are fetched again.
    onSuccess: () => {
      logActivity('resume', 'uploaded');
      return queryClient.invalidateQueries({ queryKey: profileKeys.resume() });
    },
    // The resume panel shows the server's sentence next to the upload button.
    meta: { silent: true },
  });
}
