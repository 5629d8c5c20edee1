import { currentEmployerLine } from '@shared/employer-privacy';
import { Building2, Check, Copy, Loader2, Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { AppDialog, DialogCloseButton } from '@/components/app-dialog';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import {
  DetailSection,
  EducationList,
  ExperienceList,
  ResumeDownloadButton,
  SkillBadges,
  UserAvatar,
  sectionIcons,
} from './profile-details';
import { useUserProfile, type UserProfileState } from '../api/get-user-profile';

/** docs/product.md, Limits: the copy confirmation shows for 2000 ms. */
export const COPY_CONFIRMATION_MS = 2000;

/** Another user's profile in a dialog (opened from a referrer's request card with the seeker's id). */
export function UserProfileModal({
  userId,
  open,
  onOpenChange,
}: {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Nothing is fetched until the dialog is opened.
  const profile = useUserProfile(userId, { enabled: open });
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-2xl"
      footer={
        <>
          <DialogCloseButton />
          <DialogCloseButton variant="default">OK</DialogCloseButton>
        </>
      }
    >
      <ModalBody profile={profile} />
    </AppDialog>
  );
}

function ModalBody({ profile }: { profile: UserProfileState }) {
  if (profile.status === 'loading') {
    return (
      <DialogHeader className="items-center py-10 text-center">
        <Loader2 className="text-primary size-6 animate-spin" aria-hidden="true" />
        <DialogTitle>Loading profile...</DialogTitle>
        <DialogDescription className="sr-only">The profile is loading.</DialogDescription>
      </DialogHeader>
    );
  }
  if (profile.status !== 'success') {
    return (
      <DialogHeader className="py-6">
        <DialogTitle>Error Loading Profile</DialogTitle>
        <DialogDescription>This profile could not be loaded. Please try again later.</DialogDescription>
      </DialogHeader>
    );
  }

  const { user, experiences, education, skills, resume } = profile;
  return (
    <>
      <DialogHeader className="flex-row items-center gap-4 pr-6 text-left">
        <UserAvatar user={user} className="size-16" />
        <div className="min-w-0 space-y-1">
          <DialogTitle className="text-xl">{user.fullName}</DialogTitle>
          <DialogDescription asChild>
            <div className="flex items-center gap-1.5">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{user.email}</span>
              <CopyEmailButton email={user.email} />
            </div>
          </DialogDescription>
          {user.currentCompanyName && (
            <p className="text-muted-foreground flex items-center gap-1.5 text-sm">
              <Building2 className="size-4 shrink-0" aria-hidden="true" />
              <span>{currentEmployerLine(user.currentCompanyName)}</span>
            </p>
          )}
        </div>
      </DialogHeader>

      {user.bio && <p className="text-sm">{user.bio}</p>}
      {resume && (
        <div>
          <ResumeDownloadButton href={resume.filePath} fileName={resume.fileName} />
        </div>
      )}

      <div className="space-y-6 border-t pt-4">
        <DetailSection title="Experience" icon={sectionIcons.experience}>
          <ExperienceList items={experiences} />
        </DetailSection>
        <DetailSection title="Education" icon={sectionIcons.education}>
          <EducationList items={education} majorLabel="Field of study" />
        </DetailSection>
        <DetailSection title="Skills" icon={sectionIcons.skills}>
          <SkillBadges skills={skills} showProficiency />
        </DetailSection>
      </div>
    </>
  );
}

function CopyEmailButton({ email }: { email: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(email);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Could not copy the email address.' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label="Copy email address"
        onClick={() => void copy()}
      >
        {copied ? <Check className="text-green-600" aria-hidden="true" /> : <Copy aria-hidden="true" />}
      </Button>
      <span role="status" className="text-xs font-medium text-green-600">
        {copied ? 'Copied!' : ''}
      </span>
    </>
  );
}
