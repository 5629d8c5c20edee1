import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { FormField, errorIdOf } from '@/components/form-field';
import { MonthYearPicker } from './month-year-picker';

/**
 * Start and end month-year pickers of the experience and education forms, with the optional
 * "currently working/studying" checkbox: when it is checked the end date reads Present and is not validated.
 * Rendered inside the form's two-column grid; the checkbox takes a full row.
 */
export function DateRangeFields<T extends FieldValues>({
  id,
  control,
  names,
  errors,
  startOptional = false,
  currentLabel,
}: {
  id: string;
  control: Control<T>;
  names: { start: Path<T>; end: Path<T>; current?: Path<T> };
  errors: { start?: string; end?: string };
  startOptional?: boolean;
  currentLabel?: string;
}) {
  const ids = { start: `${id}-start`, end: `${id}-end`, current: `${id}-current` };
  // Without a checkbox there is nothing to watch; the start date stands in and is ignored.
  const watched = useWatch({ control, name: names.current ?? names.start });
  const current = names.current !== undefined && watched === true;
  const endError = current ? undefined : errors.end;

  const picker = (name: Path<T>, fieldId: string, label: string, error?: string, present = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MonthYearPicker
          id={fieldId}
          label={label}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          present={present}
          invalid={Boolean(error)}
          describedBy={error ? errorIdOf(fieldId) : undefined}
        />
      )}
    />
  );

  return (
    <>
      <FormField id={ids.start} label="Start date" optional={startOptional} error={errors.start}>
        {picker(names.start, ids.start, 'Start', errors.start)}
      </FormField>
      <FormField id={ids.end} label="End date" optional={!current} error={endError}>
        {picker(names.end, ids.end, 'End', endError, current)}
      </FormField>
      {names.current && currentLabel && (
        <Controller
          control={control}
          name={names.current}
          render={({ field }) => (
            <div className="flex items-center gap-2 sm:col-span-2">
              <Checkbox
                id={ids.current}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
              <Label htmlFor={ids.current} className="font-normal">
                {currentLabel}
              </Label>
            </div>
          )}
        />
      )}
    </>
  );
}
