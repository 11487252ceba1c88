import './ui.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { ChevronDown } from 'lucide-react';
import { Icon } from './icon.tsx';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** Destructive: drawn in the danger colour, and placed last by convention. */
  danger?: boolean;
  disabled?: boolean;
}

/** Below the button, or above it when there is no room below (fixed coordinates). */
function placeMenu(button: HTMLElement, list: HTMLElement | null, itemCount: number) {
  const r = button.getBoundingClientRect();
  const height = list?.offsetHeight ?? 48 * itemCount + 8;
  const below = r.bottom + 4;
  const top =
    below + height > window.innerHeight && r.top - 4 - height >= 0 ? r.top - 4 - height : below;
  return { top, right: Math.max(8, window.innerWidth - r.right) };
}

/**
 * Menu button (WAI-ARIA APG "menu button"): the button opens a list of actions; arrows, Home, End
 * move; Enter or Space runs; Escape closes and gives the focus back; Tab or a click outside closes.
 * The list is placed with fixed coordinates in a portal on <body>, so that neither a scrolling
 * table frame clips it nor a stacking context (sticky cells, later rows) draws over it.
 */
export function Menu({
  label,
  items,
  text = 'Actions',
}: {
  /** Accessible name of the button, e.g. 'Actions pour Jade Martin'. */
  label: string;
  items: readonly MenuItem[];
  /** Visible text of the button (the name is `label`). */
  text?: string;
}) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<{ top: number; right: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const enabled = items.filter((i) => !i.disabled);
  const itemCount = items.length;

  const itemsEls = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusAt = (i: number) => {
    const els = itemsEls();
    if (els.length === 0) return;
    els[(i + els.length) % els.length]!.focus({ preventScroll: true });
  };

  const place = () => placeMenu(buttonRef.current!, listRef.current, items.length);
  const openMenu = (focus: 'first' | 'last') => {
    setPos(place());
    setOpen(true);
    pendingFocus.current = focus;
  };
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const close = (restore = true) => {
    setOpen(false);
    if (restore) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (pendingFocus.current) {
      const els = listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
      if (els && els.length > 0)
        els[pendingFocus.current === 'first' ? 0 : els.length - 1]!.focus();
      pendingFocus.current = null;
    }
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!listRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    // The list has fixed coordinates: it follows its button when the page or a frame scrolls (a
    // re-render above, scroll anchoring, a test driver bringing an item into view), and closes
    // only once the button has left the screen.
    const onMove = () => {
      const r = buttonRef.current?.getBoundingClientRect();
      if (!r || r.bottom < 0 || r.top > window.innerHeight) {
        setOpen(false);
        return;
      }
      const next = placeMenu(buttonRef.current!, listRef.current, itemCount);
      setPos((prev) => (prev && prev.top === next.top && prev.right === next.right ? prev : next));
    };
    document.addEventListener('mousedown', onDown);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open, itemCount]);

  const onListKey = (e: KeyboardEvent) => {
    const els = itemsEls();
    const i = els.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusAt(i + 1);
    else if (e.key === 'ArrowUp') focusAt(i - 1);
    else if (e.key === 'Home') focusAt(0);
    else if (e.key === 'End') focusAt(-1);
    else if (e.key === 'Escape') close();
    else if (e.key === 'Tab') {
      // The list lives at the end of <body>: give the focus back to the button first, so that the
      // browser's Tab goes on from there.
      close();
      return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-sm btn-secondary menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            openMenu(e.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        {text}
        <Icon as={ChevronDown} className="menu-caret" />
      </button>
      {open && pos
        ? createPortal(
            <ul
              ref={listRef}
              id={menuId}
              role="menu"
              aria-label={label}
              className="menu-list"
              style={{ top: pos.top, right: pos.right }}
              onKeyDown={onListKey}
            >
              {enabled.map((item) => (
                <li
                  key={item.label}
                  role="menuitem"
                  tabIndex={-1}
                  className={item.danger ? 'menu-item menu-item-danger' : 'menu-item'}
                  onClick={() => {
                    close();
                    item.onSelect();
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      close();
                      item.onSelect();
                    }
                  }}
                >
                  {item.label}
                </li>
              ))}
            </ul>,
            document.body,
          )
        : null}
    </>
  );
}
