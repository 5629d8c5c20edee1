import { ApiErrorSchema } from '@shared/errors';
import {
  BONUS_STATUS_LABELS,
  BONUS_STATUSES,
  formatBonusDay,
  MAX_PAYOUT_AFTER_DAYS,
  ReferralBonusInputSchema,
  type BonusStatus,
  type ReferralBonus,
} from '@shared/referral-bonus';
import { useId, useState, type FormEvent } from 'react';
import { BusyIcon } from '@/components/busy-icon';
import { FormField, invalidProps } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { useRecordBonus } from '../api/record-bonus';

export const RECORD_BONUS_FAILED = 'The bonus could not be saved. Please try again.';

const FIELDS = ['hiredOn', 'payoutAfterDays', 'amount', 'currency', 'status'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The server's sentence from a refusal, when it sent one. */
function refusalOf(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return RECORD_BONUS_FAILED;
  try {
    const parsed = ApiErrorSchema.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data.error : RECORD_BONUS_FAILED;
  } catch {
    return RECORD_BONUS_FAILED; // not JSON (a proxy's page)
  }
}

/** The typed values as the API takes them: empty optional fields are null, numbers are numbers. */
function toInput(values: Values) {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  return {
    hiredOn: values.hiredOn,
    payoutAfterDays: number(values.payoutAfterDays),
    amount: values.amount.trim() === '' ? null : Number(values.amount),
    currency: values.currency.trim() === '' ? null : values.currency,
    status: values.status,
  };
}

/**
 * Record or change one referral's bonus (issue 50 item 5), checked with the shared schema the server uses.
 */
export function BonusForm({
  referralId,
  who,
  initial,
  onDone,
}: {
  referralId: number;
  /** 'Sam at Acme', for the form's name. */
  who: string;
  initial?: ReferralBonus;
  onDone: () => void;
}) {
  const id = useId();
  const ids = Object.fromEntries(FIELDS.map((field) => [field, `${id}-${field}`])) as Record<Field, string>;
  const record = useRecordBonus();
  const [values, setValues] = useState<Values>({
    hiredOn: initial?.hiredOn ?? '',
    payoutAfterDays: initial ? String(initial.payoutAfterDays) : '90',
    amount: initial?.amount === null || initial?.amount === undefined ? '' : String(initial.amount),
    currency: initial?.currency ?? '',
    status: initial?.status ?? 'waiting',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = ReferralBonusInputSchema.safeParse(toInput(values));
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    record.mutate(
      { referralId, input: parsed.data },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Bonus saved',
            description: `Expected on ${formatBonusDay(saved.expectedPayoutOn)} for ${who}.`,
          });
          onDone();
        },
        onError: (error) => setRefusal(refusalOf(error)),
      },
    );
  };

  return (
    <form className="grid gap-3" aria-label={`Bonus for ${who}`} noValidate onSubmit={submit}>
      {refusal && (
        <p role="alert" className="text-destructive">
          {refusal}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={ids.hiredOn} label="Hire date" error={errors.hiredOn}>
          <Input
            id={ids.hiredOn}
            type="date"
            value={values.hiredOn}
            onChange={change('hiredOn')}
            {...invalidProps(ids.hiredOn, errors.hiredOn)}
          />
        </FormField>
        <FormField id={ids.payoutAfterDays} label="Paid after (days)" error={errors.payoutAfterDays}>
          <Input
            id={ids.payoutAfterDays}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PAYOUT_AFTER_DAYS}
            value={values.payoutAfterDays}
            onChange={change('payoutAfterDays')}
            {...invalidProps(ids.payoutAfterDays, errors.payoutAfterDays)}
          />
        </FormField>
        <FormField id={ids.amount} label="Amount" optional error={errors.amount}>
          <Input
            id={ids.amount}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={values.amount}
            onChange={change('amount')}
            {...invalidProps(ids.amount, errors.amount)}
          />
        </FormField>
        <FormField id={ids.currency} label="Currency" optional error={errors.currency}>
          <Input
            id={ids.currency}
            maxLength={3}
            autoCapitalize="characters"
            placeholder="USD"
            value={values.currency}
            onChange={change('currency')}
            {...invalidProps(ids.currency, errors.currency)}
          />
        </FormField>
        <FormField id={ids.status} label="Status" error={errors.status}>
          <NativeSelect
            id={ids.status}
            value={values.status}
            onChange={change('status')}
            {...invalidProps(ids.status, errors.status)}
          >
            {BONUS_STATUSES.map((status: BonusStatus) => (
              <option key={status} value={status}>
                {BONUS_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={record.isPending}>
          <BusyIcon busy={record.isPending} />
          Save bonus
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
