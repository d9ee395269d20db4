import type { TFunction } from 'i18next';
import type { DeliverySlot, OrderHold, OrderStatus } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';

/** An item's name, or its preparation note, in the reader's language. */
export const inLanguage = (names: { gb: string; cn: string }, language: string) =>
  language === 'cn' ? names.cn : names.gb;

/** Orders nothing more happens to for the patient: they go under "Past orders". */
export const PAST_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'returned'];

/** A delivery window in words: its day, then its hours ("Tuesday 3 March, 09:00 to 12:00"). */
export function windowText(t: TFunction, language: string, window: Omit<DeliverySlot, 'id'>): string {
  const starts = new Date(window.starts_at);
  const ends = new Date(window.ends_at);
  const time: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
  return t('window', {
    day: formatDate(starts, language, { weekday: 'long', day: 'numeric', month: 'long' }),
    from: formatDate(starts, language, time),
    to: formatDate(ends, language, time),
  });
}

type HoldStep = NonNullable<OrderHold['step']>;

/** Where the patient clears a hold of their own: the screen of the step that clears it. */
export function holdStepPath(hold: OrderHold): string | null {
  const paths: Record<HoldStep, string | null> = {
    add_insurance: '/welcome/intake-form?step=insurance',
    answer_bf_adl: '/welcome/bf-adl',
    sign_form: hold.assignment_id ? `/welcome/documents/${hold.assignment_id}` : null,
  };
  return hold.step ? paths[hold.step] : null;
}

export const orderAnchor = (orderId: string) => `order-${orderId}`;
