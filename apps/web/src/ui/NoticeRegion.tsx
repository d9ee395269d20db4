import { useTranslation } from 'react-i18next';
import './notice-region.css';

export interface NoticeView {
  id: number;
  title: string;
  message: string;
  tone: 'info' | 'success' | 'warning' | 'error';
}

interface NoticeRegionProps {
  notices: readonly NoticeView[];
  onDismiss: (id: number) => void;
}

/**
 * The toast region is always in the DOM so screen readers announce what is added to it
 * (a live region created together with its content is often not read).
 */
export function NoticeRegion({ notices, onDismiss }: NoticeRegionProps) {
  const { t } = useTranslation('common');
  return (
    <div className="notice-region" role="status" aria-live="polite" aria-label={t('notices')}>
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice--${notice.tone}`} data-testid="notice">
          <p className="notice__text">
            <strong>{notice.title}</strong> - {notice.message}
          </p>
          <button
            type="button"
            className="notice__close"
            aria-label={t('dismissNotice')}
            onClick={() => onDismiss(notice.id)}
          >
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path d="M2 2l10 10M12 2L2 12" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
