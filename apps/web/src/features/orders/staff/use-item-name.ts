import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@portal/protocol';

/** An ordered item's name in the reader's language. */
export function useItemName() {
  const { i18n } = useTranslation();
  return (item: Pick<OrderItem, 'name'>) => (i18n.language === 'cn' ? item.name.cn : item.name.gb);
}
