import { formatDescriptionBullets } from '@shared/profile-format';
import type * as React from 'react';
import { Textarea } from '@/components/ui/textarea';

/** Rewrites the box in place and keeps the caret where the user was typing. */
function formatInPlace(el: HTMLTextAreaElement) {
  const formatted = formatDescriptionBullets(el.value);
  if (formatted === el.value) return;
  const caret = Math.max(0, el.selectionEnd + formatted.length - el.value.length);
  el.value = formatted;
  el.setSelectionRange(caret, caret);
}

/**
 * A description box (docs/product.md, Validation): '*', '- ' and '•' become bullet points on their own lines as the
 * user types (pasted text included) and again on blur. Made for react-hook-form's register(), which reads
 * the element's value after we rewrite it.
 */
export function DescriptionField({ onChange, onBlur, ...props }: React.ComponentProps<typeof Textarea>) {
  return (
    <Textarea
      rows={4}
      placeholder="Start a line with * or - to add bullet points"
      {...props}
      onChange={(e) => {
        formatInPlace(e.target);
        onChange?.(e);
      }}
      onBlur={(e) => {
        // register()'s blur handler also stores the element's current value.
        formatInPlace(e.target);
        onBlur?.(e);
      }}
    />
  );
}
