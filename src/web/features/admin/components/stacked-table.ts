/**
 * The console's tables on a phone (issue 46 item 9): below 640 px each row is a card of its own, its cells
 * one under the other, each named by its column's label (`data-label`, the column headers stay for screen
 * readers), so a row's actions are on the screen rather than off to its right. From 640 px up, a table.
 */
export const STACK_ON_PHONE = [
  'max-sm:block',
  'max-sm:[&_thead]:sr-only',
  'max-sm:[&_tbody]:grid max-sm:[&_tbody]:gap-3',
  'max-sm:[&_tr]:block max-sm:[&_tr]:rounded-lg max-sm:[&_tr]:border! max-sm:[&_tr]:p-3',
  'max-sm:[&_td]:block max-sm:[&_td]:min-w-0 max-sm:[&_td]:px-0 max-sm:[&_td]:py-1',
  'max-sm:[&_td]:before:block max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:text-muted-foreground',
  'max-sm:[&_td]:before:content-[attr(data-label)]',
].join(' ');
