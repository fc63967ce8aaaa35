// One row of a sidebar list (All skills, a server, a local folder): a list
// item whose main part is a button that only the selected row puts in the tab
// order, so Tab enters the list once and the arrow keys move within it. Its
// actions (the row's menu) sit beside that button, not inside it: a control
// inside another cannot be reached or named on its own (axe: nested-interactive).
import type { ReactNode } from 'react';

type DataAttributes = { readonly [name: `data-${string}`]: string | number | boolean | undefined };

export function SidebarOption({
  index,
  selected,
  onChoose,
  onDoubleClick,
  data,
  children,
  actions,
}: {
  /** Its place in the list, which the list's arrow-key handler looks up (`data-index`). */
  index: number;
  selected: boolean;
  onChoose: () => void;
  onDoubleClick?: () => void;
  /** What names the row for tests and scripts (`data-server-label`, …). */
  data: DataAttributes;
  children: ReactNode;
  /** Controls of the row's own (its menu), beside the button that chooses it. */
  actions?: ReactNode;
}) {
  return (
    <div className="server-row" role="listitem" data-selected={selected} {...data}>
      <div
        className="server-row-main"
        role="button"
        aria-current={selected ? 'true' : undefined}
        data-index={index}
        tabIndex={selected ? 0 : -1}
        onClick={onChoose}
        onDoubleClick={onDoubleClick}
        onKeyDown={(e) => {
          // A button chooses on Space as well (Enter is the list's: it opens the row).
          if (e.key === ' ') {
            e.preventDefault();
            onChoose();
          }
        }}
      >
        {children}
      </div>
      {/* Keys pressed in the actions (and their menu, a portal of this tree) are theirs, not the list's arrow keys
          and Enter. Escape goes on: the menu closes on it at the window. */}
      {actions ? (
        <div className="server-row-actions" onKeyDown={(e) => e.key !== 'Escape' && e.stopPropagation()}>
          {actions}
        </div>
      ) : null}
    </div>
  );
}
