import { firstOfMonth, MONTHS, splitIsoDate, yearOptions } from '@shared/profile-format';
import { useState } from 'react';
import { NativeSelect } from '@/components/ui/native-select';

interface Draft {
  month: string;
  year: string;
}

function draftOf(value: string | null | undefined): Draft {
  const parts = splitIsoDate(value);
  return parts ? { month: String(parts.month), year: String(parts.year) } : { month: '', year: '' };
}

/** The 50 years of docs/product.md, Validation, plus an older stored year so editing never loses it. */
function yearsWith(selected: string): number[] {
  const years = yearOptions();
  const year = Number(selected);
  return selected && !years.includes(year) ? [...years, year] : years;
}

/**
 * docs/product.md, Validation: a month dropdown and a year dropdown (this year and the 49 before it); the value is the
 * first of the chosen month (YYYY-MM-DD), or '' until both halves are chosen. With `present` both selects
 * are disabled and read 'Present' (a current job has no end date).
 */
export function MonthYearPicker({
  id,
  label,
  value,
  onChange,
  onBlur,
  present = false,
  invalid = false,
  describedBy,
}: {
  id: string;
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  present?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [draft, setDraft] = useState(() => draftOf(value));
  // The form may replace the value (a reset); follow it unless it is our own half-finished choice.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value) setDraft(draftOf(value));
  }

  const update = (next: Draft) => {
    setDraft(next);
    onChange(next.month && next.year ? firstOfMonth(Number(next.year), Number(next.month)) : '');
  };

  const common = {
    disabled: present,
    onBlur,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };

  return (
    <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-2">
      <NativeSelect
        id={id}
        aria-label={`${label} month`}
        value={present ? 'present' : draft.month}
        onChange={(e) => update({ ...draft, month: e.target.value })}
        {...common}
      >
        {present ? (
          <option value="present">Present</option>
        ) : (
          <>
            <option value="">Month</option>
            {MONTHS.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </>
        )}
      </NativeSelect>
      <NativeSelect
        aria-label={`${label} year`}
        value={present ? '' : draft.year}
        onChange={(e) => update({ ...draft, year: e.target.value })}
        {...common}
      >
        <option value="">{present ? '—' : 'Year'}</option>
        {!present &&
          yearsWith(draft.year).map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
      </NativeSelect>
    </div>
  );
}
