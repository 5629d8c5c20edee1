import {
  RELATIONSHIP_LABELS,
  RELATIONSHIP_QUESTION,
  RELATIONSHIPS,
  type Relationship,
} from '@shared/referral-honesty';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useUpdateRelationship } from '../api/update-relationship';

/** Reads one of RELATIONSHIPS from a select's value. */
export function relationshipOf(value: string): Relationship | undefined {
  return RELATIONSHIPS.find((r) => r === value);
}

/** The company's question with the three honest answers, as the accept dialog and the card ask it. */
export function RelationshipSelect({
  value,
  onChange,
  disabled,
}: {
  value: Relationship;
  onChange: (relationship: Relationship) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{RELATIONSHIP_QUESTION}</Label>
      <NativeSelect
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => {
          const chosen = relationshipOf(e.target.value);
          if (chosen) onChange(chosen);
        }}
        data-testid="relationship-select"
      >
        {RELATIONSHIPS.map((r) => (
          <option key={r} value={r}>
            {RELATIONSHIP_LABELS[r]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * On an accepted referral's card: how the referrer said they know the candidate, changeable until they
 * submit it (docs/decisions/082-already-applied-and-relationship.md); the packet answers with it.
 */
export function RelationshipChoice({
  referralId,
  relationship,
}: {
  referralId: number;
  relationship: Relationship;
}) {
  const update = useUpdateRelationship(referralId);
  return (
    <div className="max-w-xs">
      <RelationshipSelect
        value={update.isPending && update.variables ? update.variables : relationship}
        onChange={(chosen) => update.mutate(chosen)}
        disabled={update.isPending}
      />
    </div>
  );
}
