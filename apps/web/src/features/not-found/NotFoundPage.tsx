import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/PageHeading.tsx';
import './not-found.css';

/** spec §2: the fallback for a route with no component. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="not-found">
      <svg className="not-found__art" viewBox="0 0 120 80" aria-hidden="true">
        <path
          d="M10 62c12-6 24 6 36 0s24-6 36 0 20 4 28 0"
          fill="none"
          stroke="#0b5e6b"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path d="M60 10v36" stroke="#4d5f6b" strokeWidth="2" />
        <path d="M60 46c0 6 8 6 8 0" fill="none" stroke="#4d5f6b" strokeWidth="2" />
        <path d="M30 48l8-6-8-6z" fill="#c2410c" />
      </svg>
      <PageHeading>{t('notFound.title')}</PageHeading>
      <p>{t('notFound.body')}</p>
      <Link className="button button--primary" to="/">
        {t('backToDashboard')}
      </Link>
    </section>
  );
}
