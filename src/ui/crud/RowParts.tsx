/** What a list row of the CRUD kit shows besides text (./EntityTable.tsx): a link, a light button, a tag. */
import type { CSSProperties, ReactNode } from 'react';
import classes from './EntityTable.module.css';

/**
 * A link for list rows. It has no router hooks of its own (a list shows many): the table
 * navigates in the app when it is clicked; a new tab or window opens it as a normal link.
 */
export function RowLink({ to, children, button = false, label }: { to: string; children: ReactNode; button?: boolean; label?: string }) {
  return (
    <a href={to} data-row-link="" className={button ? classes.button : classes.link} aria-label={label}>
      {children}
    </a>
  );
}

/** A light button for list rows (actions that stay on the page). */
export function RowButton({ onClick, children, link = false }: { onClick: () => void; children: ReactNode; link?: boolean }) {
  return (
    <button type="button" className={link ? classes.link : classes.button} onClick={onClick} style={link ? { background: 'none', border: 0, padding: 0, font: 'inherit', cursor: 'pointer' } : undefined}>
      {children}
    </button>
  );
}

/** A light tag (status, active…) for list rows. */
export function RowTag({ children, color = 'gray' }: { children: ReactNode; color?: string }) {
  const style = { '--tag-bg': `var(--mantine-color-${color}-light)`, '--tag-fg': `var(--mantine-color-${color}-light-color)` } as CSSProperties;
  return (
    <span className={classes.tag} style={style}>
      {children}
    </span>
  );
}
