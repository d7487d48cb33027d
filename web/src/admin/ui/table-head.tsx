import type { ReactNode } from 'react';

/** A table's header row: one column header (`<th scope="col">`) a name, in the order given. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A body row: its header cell (`<th scope="row">`), then one `<td>` a value, in the order given. */
export function HeadedRow({ head, cells, className }: { head: ReactNode; cells: readonly ReactNode[]; className?: string }) {
  return (
    <tr className={className}>
      <th scope="row">{head}</th>
      {cells.map((cell, i) => (
        <td key={i}>{cell}</td>
      ))}
    </tr>
  );
}
