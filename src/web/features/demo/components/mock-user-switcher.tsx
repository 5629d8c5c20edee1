import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { MOCK_USERS, mockCompany, type MockUser } from '../mock/mock-data';

export function roleLabel(user: MockUser): string {
  return user.role === 'referrer' ? 'Referrer' : 'Job seeker';
}

/** Picks which mock user the demo acts as. */
export function MockUserSwitcher({ userId, onChange }: { userId: number; onChange: (id: number) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
      <Label htmlFor={id} className="shrink-0">
        Mock user
      </Label>
      <NativeSelect
        id={id}
        value={String(userId)}
        onChange={(e) => onChange(Number(e.target.value))}
        wrapperClassName="sm:w-80"
      >
        {MOCK_USERS.map((user) => (
          <option key={user.id} value={user.id}>
            {user.fullName} ({roleLabel(user)}
            {user.currentCompanyId ? `, ${mockCompany(user.currentCompanyId)?.name ?? ''}` : ''})
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
