import { BadgeCheck, Clock, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { mockCompany, mockUser, type MockReferrer, type MockRequest, type MockUser } from '../mock/mock-data';
import { formatDemoDate } from '../utils/format';
import { MockProfileModal } from './mock-profile-modal';
import { JobUrlLink } from './job-url-link';

/** Referrer info and the pending requests waiting for them (docs/product.md, Demo pages). */
export function ReferrerView({
  user,
  referrer,
  pending,
}: {
  user: MockUser;
  referrer: MockReferrer;
  pending: MockRequest[];
}) {
  const company = mockCompany(referrer.companyId);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="referrer-info" className="bg-background rounded-lg border p-5">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="referrer-info" className="text-lg font-semibold">
            {user.fullName}
          </h2>
          {referrer.isVerified ? (
            <Badge className="bg-emerald-700">
              <BadgeCheck aria-hidden="true" />
              Verified
            </Badge>
          ) : (
            <Badge variant="outline" className="border-amber-400 text-amber-800">
              <Clock aria-hidden="true" />
              Pending Verification
            </Badge>
          )}
        </div>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Fact term="Company" value={company?.name ?? 'Unknown'} />
          <Fact term="Position" value={referrer.position} />
          <Fact term="Department" value={referrer.department} />
          <Fact term="Start date" value={formatDemoDate(referrer.startDate)} />
        </dl>
      </section>
      <section aria-labelledby="pending-requests" className="space-y-3">
        <h2 id="pending-requests" className="text-lg font-semibold">
          Pending requests ({pending.length})
        </h2>
        {pending.length === 0 ? (
          <p className="bg-background text-muted-foreground rounded-lg border p-5 text-sm">
            No pending requests right now.
          </p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Pending requests">
            {pending.map((request) => (
              <PendingRequestCard key={request.id} request={request} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function PendingRequestCard({ request }: { request: MockRequest }) {
  const [profileOpen, setProfileOpen] = useState(false);
  const seeker = mockUser(request.jobSeekerId);
  const name = seeker?.fullName ?? 'Unknown job seeker';
  return (
    <li className="bg-background flex flex-col gap-3 rounded-lg border p-5">
      <div className="space-y-1">
        <h3 className="font-semibold">{request.position}</h3>
        <p className="text-muted-foreground text-sm">
          {name} · requested {formatDemoDate(request.createdAt)}
        </p>
      </div>
      <JobUrlLink url={request.jobUrl} />
      {request.message && <p className="text-sm">“{request.message}”</p>}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {seeker && (
          <Button variant="outline" size="sm" onClick={() => setProfileOpen(true)}>
            <UserRound aria-hidden="true" />
            View Profile<span className="sr-only"> of {name}</span>
          </Button>
        )}
        {/* The demo buttons do nothing (docs/product.md, Demo pages): no mock referral changes state here. */}
        <Button variant="outline" size="sm" type="button">
          Decline
        </Button>
        <Button size="sm" type="button">
          Provide Referral
        </Button>
      </div>
      {seeker && <MockProfileModal user={seeker} open={profileOpen} onOpenChange={setProfileOpen} />}
    </li>
  );
}
