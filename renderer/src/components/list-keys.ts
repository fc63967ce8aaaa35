// Arrow-key movement shared by the app's lists (servers, skills, log rows):
// Up/Down move, Home/End jump, PageUp/PageDown move by a page, Enter opens.
import type { KeyboardEvent } from 'react';

export function listKeyHandler(options: {
  count: number;
  index: number;
  pageSize?: number;
  onMove: (index: number) => void;
  onEnter?: (index: number) => void;
}): (event: KeyboardEvent) => void {
  return (event) => {
    const { count, index, onMove, onEnter } = options;
    if (count === 0) return;
    const page = options.pageSize ?? 10;
    let next: number | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = index < 0 ? 0 : Math.min(count - 1, index + 1);
        break;
      case 'ArrowUp':
        next = index < 0 ? 0 : Math.max(0, index - 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      case 'PageDown':
        next = Math.min(count - 1, Math.max(0, index) + page);
        break;
      case 'PageUp':
        next = Math.max(0, index - page);
        break;
      case 'Enter':
        if (index >= 0 && onEnter) {
          event.preventDefault();
          onEnter(index);
        }
        return;
      default:
        return;
    }
    event.preventDefault();
    onMove(next);
  };
}
