import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/paths';

/** The button that starts a new request (/request-referral), worded for where it stands. */
export function NewRequestLink({ label }: { label: string }) {
  return (
    <Button asChild>
      <Link to={paths.requestReferral}>
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
