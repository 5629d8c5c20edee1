import { useMyRequests } from '../api/get-my-requests';
import { mayAskAgain } from '../utils/ask-again';
import { MyRequestCard } from './my-request-card';
import { NewRequestLink } from './new-request-link';
import { LoadMore } from '@/components/paged-list';
import { EmptyState, LoadError, LoadingText } from './referral-states';

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
        action={<NewRequestLink label="Request a Referral" />}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label="My referral requests" className="grid gap-4">
        {requests.map((r) => (
          <li key={r.id}>
            <MyRequestCard request={r} askAgain={mayAskAgain(r, requests)} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
    </div>
  );
}
