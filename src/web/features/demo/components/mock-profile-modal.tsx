import { Briefcase, GraduationCap, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppDialog, DialogCloseButton } from '@/components/app-dialog';
import { Badge } from '@/components/ui/badge';
import type { MockUser } from '../mock/mock-data';
import { mockProfile } from '../mock/mock-profiles';
import { formatDemoMonth } from '../utils/format';

const range = (start: string, end: string | null) =>
  `${formatDemoMonth(start)} – ${end ? formatDemoMonth(end) : 'Present'}`;

/** A mock job seeker's profile in a dialog; the demo's stand-in for the real profile modal. */
export function MockProfileModal({
  user,
  open,
  onOpenChange,
}: {
  user: MockUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const profile = mockProfile(user.id);
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      title={user.fullName}
      description={profile.headline || user.email}
      footer={<DialogCloseButton variant="default">Close</DialogCloseButton>}
    >
      <div className="space-y-5">
        <Section icon={<Briefcase className="size-4" aria-hidden="true" />} title="Experience">
          {profile.experiences.map((e) => (
            <li key={e.title + e.company}>
              <p className="font-medium">
                {e.title} · {e.company}
              </p>
              <p className="text-muted-foreground text-xs">{range(e.startDate, e.endDate)}</p>
              <p className="text-sm">{e.description}</p>
            </li>
          ))}
        </Section>
        <Section icon={<GraduationCap className="size-4" aria-hidden="true" />} title="Education">
          {profile.education.map((e) => (
            <li key={e.school + e.degree}>
              <p className="font-medium">{e.school}</p>
              <p className="text-sm">{e.degree}</p>
              <p className="text-muted-foreground text-xs">{range(e.startDate, e.endDate)}</p>
            </li>
          ))}
        </Section>
        <section className="space-y-2">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <Sparkles className="size-4" aria-hidden="true" />
            Skills
          </h3>
          {profile.skills.length === 0 ? (
            <p className="text-muted-foreground text-sm">No skills listed.</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Skills">
              {profile.skills.map((skill) => (
                <li key={skill}>
                  <Badge variant="secondary">{skill}</Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </AppDialog>
  );
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode[] }) {
  return (
    <section className="space-y-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title}
      </h3>
      {children.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nothing listed.</p>
      ) : (
        <ul className="space-y-3">{children}</ul>
      )}
    </section>
  );
}
