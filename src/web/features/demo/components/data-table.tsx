import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** A captioned, horizontally scrollable table of sample rows. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
}) {
  return (
    <section className="bg-background rounded-lg border">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="px-4 pt-3 pb-2 text-left text-base font-semibold">{caption}</caption>
          <thead className="bg-muted/50 text-muted-foreground">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className="px-4 py-2 font-medium whitespace-nowrap">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-t align-top">
                {columns.map((c) => (
                  <td key={c.header} className="px-4 py-2">
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
