import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './menu-button.css';

export type MenuEntry =
  | { kind: 'action'; id: string; label: string; onSelect: () => void }
  | { kind: 'link'; id: string; label: string; href: string; external?: boolean; hint?: string }
  | { kind: 'radio'; id: string; label: string; checked: boolean; onSelect: () => void; lang?: string }
  | { kind: 'group'; id: string; label: string; entries: MenuEntry[] }
  | { kind: 'separator'; id: string };

interface MenuButtonProps {
  /** Visible content of the button. */
  children: ReactNode;
  entries: MenuEntry[];
  align?: 'start' | 'end';
  className?: string;
}

/** WAI-ARIA APG menu button: arrow keys move, Home/End jump, Escape closes and returns focus. */
export function MenuButton({ children, entries, align = 'end', className }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [initialFocus, setInitialFocus] = useState<'first' | 'last'>('first');
  const buttonId = useId();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (initialFocus === 'first' ? list[0] : list[list.length - 1])?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open, initialFocus]);

  const openWith = (focus: 'first' | 'last') => {
    setInitialFocus(focus);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
      case ' ':
        // Space activates a menu item, links included (APG).
        event.preventDefault();
        list[index]?.click();
        break;
    }
  };

  const select = (action: () => void) => {
    close(true);
    action();
  };

  function renderEntry(entry: MenuEntry): ReactNode {
    switch (entry.kind) {
      case 'separator':
        return <li key={entry.id} role="separator" className="menu-button__separator" />;
      case 'group':
        // The visible group label is drawn from aria-label by CSS, so the menu owns no stray text.
        return (
          <li key={entry.id} role="none">
            <ul role="group" aria-label={entry.label} className="menu-button__group">
              {entry.entries.map(renderEntry)}
            </ul>
          </li>
        );
      case 'link':
        return (
          <li key={entry.id} role="none">
            <a
              data-menu-item
              role="menuitem"
              tabIndex={-1}
              className="menu-button__item"
              href={entry.href}
              {...(entry.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              onClick={() => close(false)}
            >
              {entry.label}
              {entry.hint && <span className="visually-hidden"> {entry.hint}</span>}
              {entry.external && (
                <svg
                  className="menu-button__external"
                  width="12"
                  height="12"
                  viewBox="0 0 12 12"
                  aria-hidden="true"
                >
                  <path
                    d="M5 2H2v8h8V7M7 2h3v3M10 2L5 7"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.4"
                  />
                </svg>
              )}
            </a>
          </li>
        );
      case 'radio':
        return (
          <li key={entry.id} role="none">
            <button
              data-menu-item
              type="button"
              role="menuitemradio"
              aria-checked={entry.checked}
              tabIndex={-1}
              lang={entry.lang}
              className="menu-button__item menu-button__item--radio"
              onClick={() => select(entry.onSelect)}
            >
              {entry.label}
            </button>
          </li>
        );
      case 'action':
        return (
          <li key={entry.id} role="none">
            <button
              data-menu-item
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-button__item"
              onClick={() => select(entry.onSelect)}
            >
              {entry.label}
            </button>
          </li>
        );
    }
  }

  return (
    <div className={`menu-button ${className ?? ''}`}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="menu-button__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {children}
        <svg className="menu-button__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        className={`menu-button__menu menu-button__menu--${align}`}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {entries.map(renderEntry)}
      </ul>
    </div>
  );
}
