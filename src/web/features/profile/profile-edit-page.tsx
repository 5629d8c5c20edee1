import type { User } from '@shared/auth';
import { Briefcase, CheckCircle2, GraduationCap, Lightbulb } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { CompletionCard } from './components/completion-card';
import { CurrentCompanyCard } from './components/current-company-card';
import { EmailNotificationsCard } from './components/email-notifications-card';
import { EmployerPrivacyCard } from './components/employer-privacy-card';
import { ReferralLoadCard } from './components/referral-load-card';
import { EducationSection } from './components/education-section';
import { ExperienceSection } from './components/experience-section';
import { ResumePanel } from './components/resume-panel';
import { SkillsSection } from './components/skills-section';
import { TimeZoneCard } from './components/time-zone-card';
import { YourDataCard } from './components/your-data-card';
import { useProfileCompletion, type ProfileCompletion } from './hooks/use-profile-completion';
import { PageMain } from '@/components/main-landmark';
import { PageHeader } from '@/components/page-header';

type SectionKey = 'experience' | 'education' | 'skills';

const SECTIONS: { key: SectionKey; label: string; icon: ReactNode }[] = [
  { key: 'experience', label: 'Work Experience', icon: <Briefcase /> },
  { key: 'education', label: 'Education', icon: <GraduationCap /> },
  { key: 'skills', label: 'Skills', icon: <Lightbulb /> },
];

/**
 * /profile/edit (docs/product.md, Screens): completion card, side navigation, one section at a time, resume panel;
 * then Account settings, with the router's own cards among them (`moreSettings`: whom you blocked).
 */
export function ProfileEditPage({ user, moreSettings }: { user: User; moreSettings?: ReactNode }) {
  const { completion } = useProfileCompletion(user);
  const [section, setSection] = useState<SectionKey>('experience');

  return (
    <PageMain className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <PageHeader
        title="Edit Profile"
        text="Your experience, education, skills and resume are what referrers read before they vouch for you."
      />

      <CompletionCard completion={completion} />

      {/* DOM order nav, section, resume keeps the form close to the nav on phones; on wide screens the
          resume panel moves under the nav. */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <SideNav active={section} onSelect={setSection} completion={completion} />
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {section === 'experience' && <ExperienceSection />}
          {section === 'education' && <EducationSection />}
          {section === 'skills' && <SkillsSection />}
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <ResumePanel />
        </div>
      </div>

      <section aria-labelledby="account-settings" className="mt-10 grid gap-4">
        <h2 id="account-settings" className="text-xl font-semibold tracking-tight">
          Account settings
        </h2>
        <div className="grid items-start gap-6 md:grid-cols-2">
          <CurrentCompanyCard user={user} />
          <EmailNotificationsCard />
          <EmployerPrivacyCard />
          <TimeZoneCard />
          <ReferralLoadCard />
          {moreSettings}
        </div>
        <YourDataCard user={user} />
      </section>
    </PageMain>
  );
}

function SideNav({
  active,
  onSelect,
  completion,
}: {
  active: SectionKey;
  onSelect: (key: SectionKey) => void;
  completion: ProfileCompletion | null;
}) {
  return (
    <nav aria-label="Profile sections" className="lg:col-start-1 lg:row-start-1">
      <ul className="bg-card grid grid-cols-3 gap-1 rounded-xl border p-1 shadow-sm lg:grid-cols-1 lg:p-2">
        {SECTIONS.map(({ key, label, icon }) => {
          const isActive = key === active;
          const done = completion?.parts[key] ?? false;
          return (
            <li key={key}>
              <button
                type="button"
                aria-current={isActive ? 'true' : undefined}
                onClick={() => onSelect(key)}
                className={cn(
                  'flex h-full w-full items-center justify-center gap-2 rounded-lg px-2 py-2 text-center text-sm leading-tight font-medium transition-colors outline-none lg:justify-start lg:px-3 lg:py-2.5 lg:text-left',
                  'focus-visible:ring-ring/50 focus-visible:ring-[3px] [&_svg]:size-4 [&_svg]:shrink-0',
                  isActive
                    ? 'bg-primary text-primary-foreground shadow-xs'
                    : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                )}
              >
                <span className="hidden sm:inline-flex" aria-hidden="true">
                  {icon}
                </span>
                <span>{label}</span>
                {done && (
                  <CheckCircle2
                    aria-label="done"
                    className={cn(
                      'ml-auto hidden lg:block',
                      isActive ? 'text-primary-foreground' : 'text-green-600',
                    )}
                  />
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
