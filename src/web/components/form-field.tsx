import type { ComponentProps, ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** Ids for a field's error text, so inputs can point at it with aria-describedby. */
export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/** A labelled form row with the schema's message (and an optional hint) under it. */
export function FormField({
  id,
  label,
  optional = false,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && (
          <span className="text-muted-foreground text-xs leading-none font-normal">(optional)</span>
        )}
      </Label>
      {children}
      {hint}
      {error && (
        <p id={errorIdOf(id)} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that tie an input to its FormField's error. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': errorIdOf(id) } : {};
}

/** How many characters a text field holds of the most it takes ('120/500'), red once over. */
export function CharacterCount({
  length,
  max,
  ...props
}: { length: number; max: number } & Omit<ComponentProps<'p'>, 'className' | 'children'>) {
  return (
    <p {...props} className={length > max ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}>
      {length}/{max}
    </p>
  );
}
