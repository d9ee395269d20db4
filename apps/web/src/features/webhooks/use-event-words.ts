import { useTranslation } from 'react-i18next';

/**
 * An event type's words. The types hold dots, which i18next reads as nesting, so the table is
 * read whole; a type without words (one newer than this page) shows as itself.
 */
export function useEventWords(): (type: string) => string {
  const { t } = useTranslation('webhooks');
  const words = t('events', { returnObjects: true }) as Partial<Record<string, string>>;
  return (type) => words[type] ?? type;
}
