import type { ActivityCategory } from '@shared/activity';

/**
 * The analytics event name of each recorded activity, in the words of the vocabulary of docs/product.md, Data
 * (referral request, accept, decline, submit, success, unsuccessful; resume upload; profile completion;
 * experience, education, skill; willingness toggle). Activities not listed keep their action as the name.
 */
const EVENT_NAMES: Readonly<Partial<Record<ActivityCategory, Readonly<Record<string, string>>>>> = {
  referral: { referral_request: 'Referral Request', view: 'Referral View' },
  referral_action: {
    accept: 'Referral Accept',
    decline: 'Referral Decline',
    submit: 'Referral Submit',
    success: 'Referral Success',
    unsuccessful: 'Referral Unsuccessful',
    status_update: 'Referral Status Update',
  },
  resume: { uploaded: 'Resume Upload' },
  profile: {
    completion_status_changed: 'Profile Completion',
    experience_saved: 'Experience Saved',
    experience_deleted: 'Experience Deleted',
    education_saved: 'Education Saved',
    education_deleted: 'Education Deleted',
    skill_added: 'Skill Added',
    skill_deleted: 'Skill Deleted',
    current_company_set: 'Current Company Set',
  },
  user_preference: { willingness_toggle: 'Willingness Toggle' },
};

export function analyticsEventName(category: ActivityCategory, action: string): string {
  return EVENT_NAMES[category]?.[action] ?? action;
}
