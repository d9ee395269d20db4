import { useTranslation } from 'react-i18next';
import { showNotice } from '../../api/notice-store.ts';
import { usePublicConfig } from '../../api/public-config.ts';
import { MenuButton, type MenuEntry } from '../../ui/MenuButton.tsx';
import { copyText } from './copy-text.ts';

const COPY_NOTICE_MS = 4_000;

async function copyWithNotice(text: string, noticeKey: string): Promise<void> {
  const copied = await copyText(text);
  showNotice(
    copied
      ? { key: noticeKey, tone: 'success', durationMs: COPY_NOTICE_MS }
      : { key: 'copyFailed', tone: 'warning', durationMs: COPY_NOTICE_MS },
  );
}

/** spec §2: copy the support e-mail and toll-free phone, book an info call, visit the company site. */
export function SupportMenu() {
  const { t } = useTranslation('layout');
  const { data: config } = usePublicConfig();
  if (!config) return null;
  const newTab = t('support.opensInNewTab');
  const entries: MenuEntry[] = [
    {
      kind: 'action',
      id: 'copy-email',
      label: t('support.copyEmail', { email: config.support_email }),
      onSelect: () => void copyWithNotice(config.support_email, 'emailCopied'),
    },
    {
      kind: 'action',
      id: 'copy-phone',
      label: t('support.copyPhone', { phone: config.support_phone_display }),
      onSelect: () => void copyWithNotice(config.support_phone, 'phoneCopied'),
    },
    { kind: 'separator', id: 'separator' },
    {
      kind: 'link',
      id: 'book-call',
      label: t('support.bookCall'),
      hint: newTab,
      href: config.booking_url,
      external: true,
    },
    {
      kind: 'link',
      id: 'company-site',
      label: t('support.companySite'),
      hint: newTab,
      href: config.company_url,
      external: true,
    },
  ];
  return (
    <MenuButton entries={entries}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <circle cx="10" cy="10" r="8.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M7.6 7.6a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
        <circle cx="10" cy="14.6" r="1" fill="currentColor" />
      </svg>
      <span className="narrow-hidden">{t('support.button')}</span>
    </MenuButton>
  );
}
