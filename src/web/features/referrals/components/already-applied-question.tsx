import { ALREADY_APPLIED_TEXTS } from '@shared/referral-honesty';
import { useId } from 'react';

/**
 * 'Have you already applied for this job?' (docs/decisions/082-already-applied-and-relationship.md): yes,
 * no, or left unanswered (null). On yes the seeker learns that some companies refuse such a referral and
 * that their referrer will see the answer.
 */
export function AlreadyAppliedQuestion({
  value,
  onChange,
}: {
  value: boolean | null;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  const choices = [
    { answer: true, label: ALREADY_APPLIED_TEXTS.yes },
    { answer: false, label: ALREADY_APPLIED_TEXTS.no },
  ];
  return (
    <fieldset className="grid gap-2" aria-describedby={value ? `${id}-warning` : undefined}>
      <legend className="mb-2 text-sm font-medium">
        {ALREADY_APPLIED_TEXTS.question}{' '}
        <span className="text-muted-foreground text-xs font-normal">(optional)</span>
      </legend>
      <div className="flex gap-4">
        {choices.map(({ answer, label }) => (
          <label key={label} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-already-applied`}
              className="accent-primary size-4"
              checked={value === answer}
              onChange={() => onChange(answer)}
            />
            {label}
          </label>
        ))}
      </div>
      {value && (
        <p
          id={`${id}-warning`}
          className="text-muted-foreground text-xs"
          data-testid="already-applied-warning"
        >
          {ALREADY_APPLIED_TEXTS.warning}
        </p>
      )}
    </fieldset>
  );
}
