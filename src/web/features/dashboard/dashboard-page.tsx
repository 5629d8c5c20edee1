import type { User } from '@shared/auth';
import { firstNameOf } from '@shared/names';
import {
  Briefcase,
  Building2,
  CheckCircle2,
  ClipboardList,
  HandHeart,
  Link2,
  Sparkles,
  UserRoundPen,
  Users,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { sessionFlags } from '@/lib/session-flags';
import { QuickActionCard } from './components/quick-action-card';
import { ReferralTips } from './components/referral-tips';
import { paths } from '@/paths';
import { PageMain } from '@/components/main-landmark';

export interface DashboardContext {
  user: User;
  /** True on the first dashboard visit of this browser session. */
  isFirstVisit: boolean;
}

export function DashboardPage({
  user,
  extras,
}: {
  user: User;
  extras?: (ctx: DashboardContext) => ReactNode;
}) {
  // Read once per mount; the flag is set after the first render so this visit keeps its greeting.
  const [isFirstVisit] = useState(() => !sessionFlags.hasVisitedDashboard());
  useEffect(() => {
    sessionFlags.setVisitedDashboard();
  }, []);

  const greeting = isFirstVisit ? 'Welcome' : 'Hey';

  return (
    <PageMain className="mx-auto max-w-6xl px-4 py-10">
      <section className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">
          {greeting}, {firstNameOf(user.fullName)}!
        </h1>
        <p className="text-muted-foreground mt-1">Let&apos;s find the perfect referral for your dream job.</p>
      </section>

      <StatusStrip completed={user.profileCompleted} />

      <section aria-label="Quick actions" className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {quickActions(user).map((action) => (
          <QuickActionCard key={action.to} {...action} />
        ))}
      </section>

      <ReferralTips />
      {extras?.({ user, isFirstVisit })}
    </PageMain>
  );
}

/** The dashboard's cards: what a seeker does next, and a referrer's own list. */
function quickActions(user: User) {
  return [
    {
      to: paths.requestReferral,
      icon: <Link2 />,
      title: 'Request a Referral',
      description: "Paste a job URL and we'll connect you with professionals who can refer you.",
    },
    user.profileCompleted
      ? {
          to: paths.myReferrals,
          icon: <ClipboardList />,
          title: 'My Referrals',
          description: 'Track the status of your requests and communications.',
        }
      : {
          to: paths.profileEdit,
          icon: <UserRoundPen />,
          title: 'Complete Your Profile',
          description: 'Add your experience, education, skills and resume so referrers can vouch for you.',
        },
    {
      to: paths.companies,
      icon: <Building2 />,
      title: 'Companies',
      description: 'See where referrers are, how many, and how quickly they answer.',
    },
    {
      to: paths.openings,
      icon: <Briefcase />,
      title: 'Openings',
      description: 'Roles referrers posted at their own companies. Ask the one who posted it.',
    },
    {
      to: paths.refer,
      icon: <HandHeart />,
      title: 'Refer people at your company',
      description: 'Name your company, verify your work email and choose how many requests you take.',
    },
    ...(user.role === 'referrer'
      ? [
          {
            to: paths.referrerDashboard,
            icon: <Users />,
            title: 'Manage Referrals',
            description: 'Review the requests job seekers have sent to you.',
          },
        ]
      : []),
  ];
}

function StatusStrip({ completed }: { completed: boolean }) {
  return completed ? (
    <div
      role="status"
      className="flex items-center gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-800"
    >
      <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
      <p>Your profile is ready to shine! Let&apos;s find the perfect referral for your dream job.</p>
    </div>
  ) : (
    <div
      role="status"
      className="flex items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
    >
      <Sparkles className="size-5 shrink-0" aria-hidden="true" />
      <p>Complete your profile to maximize your chances of getting referred!</p>
    </div>
  );
}
