import type { User } from '@shared/auth';
import type { Education, Experience, Resume, Skill } from '@shared/profile';
import { descriptionItems, formatDateRange, formatMonthDayYear } from '@shared/profile-format';
import { Briefcase, Download, ExternalLink, FileText, GraduationCap, Lightbulb } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { sortEducation, sortExperiences } from '../utils/sort-profile';

/** Shared rendering of another user's profile, for the /profile/view page and the profile modal. */

export const EMPTY_TEXTS = {
  experience: 'No work experience has been added yet.',
  education: 'No education has been added yet.',
  skills: 'No skills have been added yet.',
} as const;

export function UserAvatar({
  user,
  className,
}: {
  user: Pick<User, 'fullName' | 'profilePicture'>;
  className?: string;
}) {
  const initial = (user.fullName.trim()[0] ?? 'U').toUpperCase();
  return (
    <Avatar className={cn('size-20', className)}>
      {user.profilePicture && <AvatarImage src={user.profilePicture} alt="" referrerPolicy="no-referrer" />}
      <AvatarFallback className="bg-primary text-primary-foreground text-2xl font-semibold">
        {initial}
      </AvatarFallback>
    </Avatar>
  );
}

export function ResumeDownloadButton({ href, fileName }: { href: string; fileName: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download={fileName}>
        <Download aria-hidden="true" />
        Download Resume
      </a>
    </Button>
  );
}

export function DetailSection({
  title,
  icon,
  children,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="flex items-center gap-2 text-base font-semibold [&_svg]:size-4 [&_svg]:text-primary">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function EmptyText({ children }: { children: string }) {
  return <p className="text-muted-foreground text-sm italic">{children}</p>;
}

function Description({ text }: { text: string | null }) {
  const items = descriptionItems(text);
  if (items.length === 0) return null;
  if (items.length === 1)
    return <p className="text-muted-foreground mt-2 text-sm whitespace-pre-line">{items[0]}</p>;
  return (
    <ul className="text-muted-foreground mt-2 list-disc space-y-1 pl-5 text-sm">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** A timeline entry: a title, a subtitle and the date range on the right. */
function Entry({
  title,
  subtitle,
  dates,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  dates: string;
  children?: ReactNode;
}) {
  return (
    <li className="border-primary/30 relative border-l-2 pl-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-medium">{title}</h3>
        {dates && <span className="text-muted-foreground text-xs tabular-nums">{dates}</span>}
      </div>
      <div className="text-sm">{subtitle}</div>
      {children}
    </li>
  );
}

export function ExperienceList({ items }: { items: readonly Experience[] }) {
  if (items.length === 0) return <EmptyText>{EMPTY_TEXTS.experience}</EmptyText>;
  return (
    <ul className="space-y-5" aria-label="Work experience entries">
      {sortExperiences(items).map((job) => (
        <Entry
          key={job.id}
          title={job.jobTitle}
          subtitle={<span className="text-foreground/80">{job.companyName}</span>}
          dates={formatDateRange(job.startDate, job.endDate, job.currentlyWorking)}
        >
          <Description text={job.description} />
        </Entry>
      ))}
    </ul>
  );
}

/** `majorLabel` names the major in the modal ('Field of study'); the page shows it after the degree. */
export function EducationList({ items, majorLabel }: { items: readonly Education[]; majorLabel?: string }) {
  if (items.length === 0) return <EmptyText>{EMPTY_TEXTS.education}</EmptyText>;
  return (
    <ul className="space-y-5" aria-label="Education entries">
      {sortEducation(items).map((school) => (
        <Entry
          key={school.id}
          title={school.instituteName}
          subtitle={
            majorLabel ? (
              <>
                <span className="text-foreground/80 block">{school.degree}</span>
                <span className="text-muted-foreground block">
                  {majorLabel}: {school.major}
                </span>
              </>
            ) : (
              <span className="text-foreground/80">
                {school.degree}, {school.major}
              </span>
            )
          }
          dates={formatDateRange(school.startDate, school.endDate, school.currentlyStudying)}
        >
          <Description text={school.description} />
        </Entry>
      ))}
    </ul>
  );
}

export function SkillBadges({
  skills,
  showProficiency = false,
}: {
  skills: readonly Skill[];
  showProficiency?: boolean;
}) {
  if (skills.length === 0) return <EmptyText>{EMPTY_TEXTS.skills}</EmptyText>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Skills">
      {skills.map((s) => (
        <li key={s.id}>
          <Badge variant="secondary" className="px-2.5 py-1 text-sm">
            {s.skill}
            {showProficiency && s.proficiency && (
              <span className="text-muted-foreground font-normal">· {s.proficiency}</span>
            )}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The active resume: file name, upload date and a View button that opens it in a new tab. */
export function ResumeSummary({ resume }: { resume: Resume | null }) {
  if (!resume) return <EmptyText>No resume has been uploaded yet.</EmptyText>;
  return (
    <div className="space-y-3 rounded-lg border p-3">
      <div className="flex items-center gap-3">
        <FileText className="text-primary size-8 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={resume.fileName}>
            {resume.fileName}
          </p>
          <p className="text-muted-foreground text-xs">Uploaded on {formatMonthDayYear(resume.uploadedAt)}</p>
        </div>
      </div>
      <Button asChild size="sm" variant="secondary" className="w-full">
        <a href={resume.fileUrl} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" />
          View
        </a>
      </Button>
    </div>
  );
}

export const sectionIcons = {
  experience: <Briefcase aria-hidden="true" />,
  education: <GraduationCap aria-hidden="true" />,
  skills: <Lightbulb aria-hidden="true" />,
  resume: <FileText aria-hidden="true" />,
};
