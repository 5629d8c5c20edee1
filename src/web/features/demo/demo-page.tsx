import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountDropdownTab } from './components/account-dropdown-tab';
import { DemoShell } from './components/demo-shell';
import { DummyDataTab } from './components/dummy-data-tab';
import { JobUrlValidator } from './components/job-url-validator';
import { MockUserSwitcher } from './components/mock-user-switcher';
import { EDGE_CASE_SEEKER_ID } from './mock/edge-cases';
import { MOCK_USERS, mockUser } from './mock/mock-data';

const TABS = [
  ['account-dropdown', 'Account Dropdown'],
  ['dummy-data', 'Dummy Data'],
  ['edge-cases', 'Edge Cases'],
] as const;

/** /demo (docs/product.md, Demo pages): sample data, the account dropdown, and the job-URL edge cases. */
export function DemoPage() {
  const [userId, setUserId] = useState(EDGE_CASE_SEEKER_ID);
  const user = mockUser(userId) ?? MOCK_USERS[0]!;
  return (
    <DemoShell
      title="ReferBridge demo"
      intro="Try the parts of ReferBridge that do not need an account: switch between sample users, browse the sample data, and see how job URLs are checked before a referral request is sent."
    >
      <MockUserSwitcher userId={user.id} onChange={setUserId} />
      <Tabs defaultValue="account-dropdown">
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-fit">
          {TABS.map(([value, label]) => (
            <TabsTrigger key={value} value={value} className="py-1.5 whitespace-normal sm:whitespace-nowrap">
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="account-dropdown">
          <AccountDropdownTab user={user} />
        </TabsContent>
        <TabsContent value="dummy-data">
          <DummyDataTab />
        </TabsContent>
        <TabsContent value="edge-cases">
          <JobUrlValidator user={user} onUserChange={setUserId} />
        </TabsContent>
      </Tabs>
    </DemoShell>
  );
}
