import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { headingMayTakeFocus } from './heading-focus.ts';
import { useSiteName } from './site-name.ts';

interface PageHeadingProps {
  children: ReactNode;
  /** The document title; defaults to the heading's text when that is a string. */
  title?: string;
}

/**
 * The page's one h1. After a client-side navigation it takes focus, so screen-reader and
 * keyboard users start at the new content (the first load keeps the browser's own start),
 * unless they went elsewhere (a menu, a dialog, another control) while the page was on its way.
 * A navigation within the page (its query changed) leaves focus where it is.
 */
export function PageHeading({ children, title }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key, pathname } = useLocation();
  const shownAt = useRef<{ key: string; pathname: string } | null>(null);
  const { t } = useTranslation('common');
  const clinicName = useSiteName();
  const documentTitle = title ?? (typeof children === 'string' ? children : undefined);
  // The clinic's name from its settings; the product name until the config has loaded.
  const site = clinicName ?? t('appName');

  useEffect(() => {
    if (documentTitle) document.title = `${documentTitle} · ${site}`;
  }, [documentTitle, site]);

  useEffect(() => {
    const before = shownAt.current;
    shownAt.current = { key, pathname };
    // Only the query changed (a search, an order, a filter, a table's page): the person stays on
    // this page, at the control they used, rather than being sent back to its top.
    if (before && before.key !== key && before.pathname === pathname) return;
    if (key !== 'default' && headingMayTakeFocus(key, document.activeElement)) ref.current?.focus();
  }, [key, pathname]);

  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
