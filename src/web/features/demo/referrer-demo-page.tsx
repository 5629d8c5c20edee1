import { useState } from 'react';
import { DemoShell } from './components/demo-shell';
import { ReferrerView } from './components/referrer-view';
import { SeekerView } from './components/seeker-view';
import { SwitchUserMenu } from './components/switch-user-menu';
import { MOCK_USERS, mockReferrer, mockUser } from './mock/mock-data';
import { useMockRequests } from './hooks/use-mock-requests';
import { pendingRequestsFor, requestsBySeeker } from './utils/demo-requests';

/** The first sample referrer: the demo opens on the referrer's dashboard. */
const FIRST_REFERRER_ID = 3;

/** /referrer-demo (docs/product.md, Screens): a mock dashboard for a referrer or a job seeker, switched by menu. */
export function ReferrerDemoPage() {
  const [userId, setUserId] = useState(FIRST_REFERRER_ID);
  const { requests, addRequest } = useMockRequests();
  const user = mockUser(userId) ?? MOCK_USERS[0]!;
  const referrer = user.role === 'referrer' ? mockReferrer(user.id) : undefined;
  return (
    <DemoShell
      title={referrer ? 'Referrer dashboard (demo)' : 'Job seeker dashboard (demo)'}
      intro="A sample dashboard to explore both sides of ReferBridge. Switch users from the menu to see what a referrer and a job seeker each see."
      actions={<SwitchUserMenu user={user} onChange={setUserId} />}
    >
      {referrer ? (
        <ReferrerView
          key={user.id}
          user={user}
          referrer={referrer}
          pending={pendingRequestsFor(referrer, requests)}
        />
      ) : (
        <SeekerView
          key={user.id}
          user={user}
          requests={requestsBySeeker(user.id, requests)}
          onCreate={addRequest}
        />
      )}
    </DemoShell>
  );
}
