import { Briefcase, CheckCircle2, Circle, FileText, GraduationCap, Lightbulb } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import type { ProfileCompletion } from '../hooks/use-profile-completion';

type Part = keyof ProfileCompletion['parts'];

const TILES: { part: Part; label: string; hint: string; icon: ReactNode }[] = [
  { part: 'experience', label: 'Work Experience', hint: 'At least one role', icon: <Briefcase /> },
  { part: 'education', label: 'Education', hint: 'At least one school', icon: <GraduationCap /> },
  { part: 'skills', label: 'Skills', hint: 'At least two skills', icon: <Lightbulb /> },
  { part: 'resume', label: 'Resume', hint: 'A PDF resume', icon: <FileText /> },
];

/** The profile-completion card: a percentage bar and one tile per 25-point part (docs/product.md, Flows and statuses). */
export function CompletionCard({ completion }: { completion: ProfileCompletion | null }) {
  const percentage = completion?.percentage ?? 0;
  const complete = percentage === 100;
  return (
    <Card role="region" aria-label="Profile completion" className="gap-5 py-5">
      <CardContent className="grid gap-5 px-5 sm:px-6">
        <div className="grid gap-3">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <div>
              <h2 className="font-semibold">Profile completion</h2>
              <p className="text-muted-foreground text-sm">
                {completion === null
                  ? 'Checking your profile...'
                  : complete
                    ? 'Your profile is complete. Referrers have everything they need.'
                    : 'Complete every part to maximize your chances of getting referred.'}
              </p>
            </div>
            <p
              className={cn('text-3xl font-bold tabular-nums', complete ? 'text-green-600' : 'text-primary')}
              aria-hidden="true"
            >
              {completion === null ? '—' : `${percentage}%`}
            </p>
          </div>
          <Progress
            value={completion === null ? null : percentage}
            aria-label="Profile completion"
            className="h-2.5"
            indicatorClassName={complete ? 'bg-green-600' : undefined}
          />
        </div>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {TILES.map(({ part, label, hint, icon }) => {
            const done = completion?.parts[part] ?? false;
            return (
              <li
                key={part}
                aria-label={`${label}: ${done ? 'done' : 'not done'}`}
                data-done={done}
                className={cn(
                  'flex items-center gap-3 rounded-lg border p-3 transition-colors',
                  done ? 'border-green-200 bg-green-50' : 'bg-muted/40',
                )}
              >
                <span
                  className={cn(
                    'hidden size-9 shrink-0 items-center justify-center rounded-md sm:flex [&_svg]:size-4',
                    done ? 'bg-green-100 text-green-700' : 'bg-background text-muted-foreground border',
                  )}
                  aria-hidden="true"
                >
                  {icon}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm leading-tight font-medium">{label}</p>
                  <p className={cn('text-xs', done ? 'text-green-700' : 'text-muted-foreground')}>
                    {done ? 'Done' : hint}
                  </p>
                </div>
                {done ? (
                  <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-hidden="true" />
                ) : (
                  <Circle className="text-muted-foreground/40 size-5 shrink-0" aria-hidden="true" />
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
