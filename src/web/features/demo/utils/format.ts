/** docs/product.md, Validation: dates show in en-US as short month, day and year. Sample dates are calendar dates. */
export function formatDemoDate(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T12:00:00` : value);
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Profile dates: short month and year (docs/product.md, Validation). */
export function formatDemoMonth(value: string): string {
  return new Date(`${value}T12:00:00`).toLocaleDateString('en-US', { month: 'short', year: 'numeric' });
}
