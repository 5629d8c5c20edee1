import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * An Account Settings card (the profile's and the referrals' alike): its icon and title, what it does, then its controls, or in their place a
 * sentence when the settings could not be loaded.
 */
export function SettingsCard({
  icon: Icon,
  title,
  description,
  descriptionId,
  loadFailed,
  failedText = 'Your settings could not be loaded. Please try again later.',
  contentClassName,
  headingRef,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** The description's id, where a control is described by it. */
  descriptionId?: string;
  loadFailed: boolean;
  failedText?: string;
  contentClassName?: string;
  /** The heading, focusable from code: where the focus waits when the control that had it goes. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="text-primary size-5" aria-hidden="true" />
          {headingRef ? (
            <h2 id={titleId} ref={headingRef} tabIndex={-1} className="outline-none">
              {title}
            </h2>
          ) : (
            <h2 id={titleId}>{title}</h2>
          )}
        </CardTitle>
        <CardDescription id={descriptionId}>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>
        {loadFailed ? (
          <p role="alert" className="text-destructive text-sm">
            {failedText}
          </p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
