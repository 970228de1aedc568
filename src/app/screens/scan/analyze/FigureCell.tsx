/** A leg's figure: a table cell on a wide screen, its title over its value on a phone's card. */
export function FigureCell({ label, children }: { label: string; children: string }) {
  return (
    <td className="card-figure" data-label={label}>
      {children}
    </td>
  );
}
