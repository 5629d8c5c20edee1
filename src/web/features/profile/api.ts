import { UserSchema } from '@shared/auth';
import {
  EducationSchema,
  ExperienceSchema,
  ResumeSchema,
  SkillSchema,
  type EducationInput,
  type ExperienceInput,
} from '@shared/profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { logActivity } from '@/lib/activity';
import { apiGet, apiRequest } from '@/lib/api';
import { authKeys } from '@/lib/auth';

/** The signed-in user's own profile (spec section 7, Profile). */
export const profileKeys = {
  all: ['profile'] as const,
  experiences: () => [...profileKeys.all, 'experiences'] as const,
  education: () => [...profileKeys.all, 'education'] as const,
  skills: () => [...profileKeys.all, 'skills'] as const,
  activeResume: () => [...profileKeys.all, 'resume', 'active'] as const,
};

export const experiencesQuery = queryOptions({
  queryKey: profileKeys.experiences(),
  queryFn: async () => z.array(ExperienceSchema).parse(await apiGet('/api/user/experiences')),
});

export const educationQuery = queryOptions({
  queryKey: profileKeys.education(),
  queryFn: async () => z.array(EducationSchema).parse(await apiGet('/api/user/education')),
});

export const skillsQuery = queryOptions({
  queryKey: profileKeys.skills(),
  queryFn: async () => z.array(SkillSchema).parse(await apiGet('/api/user/skills')),
});

export const activeResumeQuery = queryOptions({
  queryKey: profileKeys.activeResume(),
  queryFn: async () => ResumeSchema.nullable().parse(await apiGet('/api/user/resume/active')),
});

export function useSaveExperience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: ExperienceInput & { id?: number }) =>
      ExperienceSchema.parse(
        await apiRequest(id ? `/api/user/experiences/${id}` : '/api/user/experiences', {
          method: id ? 'PUT' : 'POST',
          data: id ? { id, ...input } : input,
        }),
      ),
    onSuccess: () => {
      logActivity('profile', 'experience_saved');
      return queryClient.invalidateQueries({ queryKey: profileKeys.experiences() });
    },
    meta: { errorToast: 'Failed to save experience. Please try again.' },
  });
}

export function useDeleteExperience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/user/experiences/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      logActivity('profile', 'experience_deleted');
      return queryClient.invalidateQueries({ queryKey: profileKeys.experiences() });
    },
  });
}

export function useSaveEducation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: EducationInput & { id?: number }) =>
      EducationSchema.parse(
        await apiRequest(id ? `/api/user/education/${id}` : '/api/user/education', {
          method: id ? 'PUT' : 'POST',
          data: id ? { id, ...input } : input,
        }),
      ),
    onSuccess: () => {
      logActivity('profile', 'education_saved');
      return queryClient.invalidateQueries({ queryKey: profileKeys.education() });
    },
    meta: { errorToast: 'Failed to save education. Please try again.' },
  });
}

export function useDeleteEducation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/user/education/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      logActivity('profile', 'education_deleted');
      return queryClient.invalidateQueries({ queryKey: profileKeys.education() });
    },
  });
}

export function useAddSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (skill: string) =>
      SkillSchema.parse(await apiRequest('/api/user/skills', { method: 'POST', data: { skill } })),
    onSuccess: () => {
      logActivity('profile', 'skill_added');
      return queryClient.invalidateQueries({ queryKey: profileKeys.skills() });
    },
  });
}

export function useDeleteSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/user/skills/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      logActivity('profile', 'skill_deleted');
      return queryClient.invalidateQueries({ queryKey: profileKeys.skills() });
    },
  });
}

export function useUploadResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('resume', file);
      return ResumeSchema.parse(await apiRequest('/api/user/resume', { method: 'POST', data: form }));
    },
    // Spec: after an upload the resumes and the active resume are fetched again.
    onSuccess: () => {
      logActivity('resume', 'uploaded');
      return queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'resume'] });
    },
    // The resume panel shows the server's sentence next to the upload button.
    meta: { silent: true },
  });
}

/** Sets users.profileCompleted; the auth status carries it, so that is refetched. */
export function useUpdateProfileStatus(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isCompleted: boolean) =>
      UserSchema.parse(
        await apiRequest(`/api/users/${userId}/profile-status`, { method: 'PUT', data: { isCompleted } }),
      ),
    onSuccess: () => {
      logActivity('profile', 'completion_status_changed');
      return queryClient.invalidateQueries({ queryKey: authKeys.status });
    },
    meta: { silent: true },
  });
}

export function useUpdateCurrentCompany(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (companyName: string) =>
      UserSchema.parse(
        await apiRequest(`/api/users/${userId}/current-company`, { method: 'PUT', data: { companyName } }),
      ),
    onSuccess: () => {
      logActivity('profile', 'current_company_set');
      return queryClient.invalidateQueries({ queryKey: authKeys.status });
    },
    meta: { silent: true },
  });
}
