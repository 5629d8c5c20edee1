import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useMyRequests } from '../api/get-my-requests';
import { MyRequestCard } from './my-request-card';
import { EmptyState, LoadError, LoadMore, LoadingText } from './referral-states';
import { paths } from '@/paths';

/** The My Requests tab: the seeker's own requests, newest first. */
export function MyRequestsTab() {
  const query = useMyRequests();
  if (query.isPending) return <LoadingText text="Loading your referral requests..." />;
  if (query.isError) return <LoadError details={query.error.message} />;
  const requests = query.data.pages.flat();
  if (requests.length === 0) {
    return (
      <EmptyState
        title="No referral requests yet"
        text="Ask an employee to refer you for a job you want."
        action={
          <Button asChild>
            <Link to={paths.requestReferral}>
              <Plus aria-hidden="true" />
              Request a Referral
            </Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label="My referral requests" className="grid gap-4">
        {requests.map((r) => (
          <li key={r.id}>
            <MyRequestCard request={r} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
    </div>
  );
}
