// One row of a sidebar list (All skills, a server, a local folder): an ARIA
// option that only the selected row puts in the tab order, so Tab enters the
// list once and the arrow keys move within it.
import type { ReactNode } from 'react';

type DataAttributes = { readonly [name: `data-${string}`]: string | number | boolean | undefined };

export function SidebarOption({
  index,
  selected,
  onChoose,
  onDoubleClick,
  data,
  children,
}: {
  /** Its place in the list, which the list's arrow-key handler looks up (`data-index`). */
  index: number;
  selected: boolean;
  onChoose: () => void;
  onDoubleClick?: () => void;
  /** What names the row for tests and scripts (`data-server-label`, …). */
  data: DataAttributes;
  children: ReactNode;
}) {
  return (
    <div className="server-row" role="option" aria-selected={selected} data-selected={selected} data-index={index} tabIndex={selected ? 0 : -1} onClick={onChoose} onDoubleClick={onDoubleClick} {...data}>
      {children}
    </div>
  );
}
