import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../api/public-config.ts';
import { groupLinks } from '../navigation.ts';
import { ROUTES } from '../route-table.ts';

/** spec §9: the copyright year is fixed. */
const COPYRIGHT_YEAR = 2025;

const LEGAL_LINKS = groupLinks(ROUTES, 'legal');

/** spec §2: footer links to the four legal pages. */
export function Footer() {
  const { t } = useTranslation(['layout', 'common']);
  const { data: config } = usePublicConfig();
  return (
    <footer className="footer">
      <nav aria-label={t('footer.legal')}>
        <ul className="footer__links">
          {LEGAL_LINKS.map((link) => (
            <li key={link.path}>
              <Link to={link.path}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="footer__copyright">
        {t('common:copyright', { year: COPYRIGHT_YEAR, clinic: config?.clinic_name ?? t('common:appName') })}
      </p>
    </footer>
  );
}
