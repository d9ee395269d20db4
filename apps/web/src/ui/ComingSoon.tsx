import { useTranslation } from 'react-i18next';
import { PageHeading } from './PageHeading.tsx';
import './coming-soon.css';

interface ComingSoonProps {
  title: string;
  description: string;
}

/** An honest placeholder for a screen that is planned but not built yet. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  const { t } = useTranslation('common');
  return (
    <section className="coming-soon">
      <PageHeading>{title}</PageHeading>
      <p className="coming-soon__badge">{t('comingSoon.badge')}</p>
      <p>{description}</p>
      <p className="coming-soon__note">{t('comingSoon.note')}</p>
    </section>
  );
}
