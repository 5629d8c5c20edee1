import { ArrowLeft, Loader2, LogIn, Mail, UserX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/paths';
import {
  DetailSection,
  EducationList,
  ExperienceList,
  ResumeDownloadButton,
  ResumeSummary,
  SkillBadges,
  UserAvatar,
  sectionIcons,
} from './components/profile-details';
import { parseId } from '@shared/ids';
import { useUserProfile, type UserProfileState } from './api/get-user-profile';
import { PageMain } from '@/components/main-landmark';

/**
 * Leaves the page: one step back in the app's history, or to the dashboard when the page was opened
 * directly (react-router marks the first entry of a session with the key 'default').
 */
function useLeave() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key === 'default' ? navigate(paths.dashboard) : navigate(-1));
}

/** /profile/view/:id — declared without a guard (docs/product.md, Roles); the API decides what may be seen. */
export function ProfileViewPage() {
  const { id } = useParams();
  const profile = useUserProfile(parseId(id));
  const leave = useLeave();

  return (
    <div className="bg-muted/30 min-h-screen">
      <header className="bg-background/95 sticky top-0 z-40 border-b backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4">
          <Button variant="ghost" size="sm" onClick={leave}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
          <h1 className="text-lg font-semibold">User Profile</h1>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={leave}>
            <X aria-hidden="true" />
            Close
          </Button>
        </div>
      </header>
      <PageMain className="mx-auto max-w-5xl px-4 py-8">
        <ProfileBody profile={profile} onGoBack={leave} />
      </PageMain>
    </div>
  );
}

function StateMessage({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center" role="status">
      {icon}
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </div>
  );
}

function ProfileBody({ profile, onGoBack }: { profile: UserProfileState; onGoBack: () => void }) {
  switch (profile.status) {
    case 'loading':
      return (
        <StateMessage
          icon={<Loader2 className="text-primary size-8 animate-spin" aria-hidden="true" />}
          title="Loading profile..."
        />
      );
    case 'not-found':
      return (
        <StateMessage
          icon={<UserX className="text-muted-foreground size-10" aria-hidden="true" />}
          title="Profile Not Found"
        >
          <p className="text-muted-foreground max-w-md">
            This profile does not exist, or you do not have access to it.
          </p>
          <Button onClick={onGoBack}>Go Back</Button>
        </StateMessage>
      );
    case 'signed-out':
      return (
        <StateMessage
          icon={<LogIn className="text-primary size-10" aria-hidden="true" />}
          title="Sign in to see this profile"
        >
          <p className="text-muted-foreground max-w-md">
            Profiles are shown to their owner and to the referrer handling their request.
          </p>
          <Button asChild>
            <Link to={paths.signIn}>Sign in</Link>
          </Button>
        </StateMessage>
      );
    case 'error':
      return (
        <StateMessage
          icon={<UserX className="text-destructive size-10" aria-hidden="true" />}
          title="Error Loading Profile"
        >
          <p className="text-muted-foreground max-w-md">
            Something went wrong while loading this profile. Please try again.
          </p>
          <Button onClick={onGoBack}>Go Back</Button>
        </StateMessage>
      );
    case 'success':
      return <ProfileContent profile={profile} />;
  }
}

function ProfileContent({ profile }: { profile: Extract<UserProfileState, { status: 'success' }> }) {
  const { user, experiences, education, skills, resume } = profile;
  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
          <UserAvatar user={user} className="size-24" />
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="text-2xl font-bold tracking-tight">{user.fullName}</h2>
            <p className="text-muted-foreground flex items-center justify-center gap-1.5 text-sm sm:justify-start">
              <Mail className="size-4" aria-hidden="true" />
              <a href={`mailto:${user.email}`} className="hover:text-foreground hover:underline">
                {user.email}
              </a>
            </p>
            {user.bio && <p className="pt-2 text-sm">{user.bio}</p>}
          </div>
          {resume && <ResumeDownloadButton href={resume.fileUrl} fileName={resume.fileName} />}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardContent>
              <DetailSection title="Work Experience" icon={sectionIcons.experience}>
                <ExperienceList items={experiences} />
              </DetailSection>
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <DetailSection title="Education" icon={sectionIcons.education}>
                <EducationList items={education} />
              </DetailSection>
            </CardContent>
          </Card>
        </div>
        <div className="space-y-6">
          <Card>
            <CardContent>
              <DetailSection title="Skills" icon={sectionIcons.skills}>
                <SkillBadges skills={skills} />
              </DetailSection>
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <DetailSection title="Resume" icon={sectionIcons.resume}>
                <ResumeSummary resume={resume} />
              </DetailSection>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
