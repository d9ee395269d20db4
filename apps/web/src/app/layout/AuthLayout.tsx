import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../api/public-config.ts';
import { DeviceIllustration, LanguageSwitch } from '../../features/auth/index.ts';
import { SkipLink } from '../../ui/SkipLink.tsx';
import { PageLoading } from '../AppShell.tsx';
import { ClinicMark } from './ClinicMark.tsx';
import './auth-layout.css';

/**
 * spec §2 layout by viewport, all in CSS: at least 1024×640 the device illustration sits
 * beside the form; at least 640 wide a centred form; smaller a stacked layout on a gradient.
 */
export default function AuthLayout() {
  const { t } = useTranslation(['auth', 'common', 'layout']);
  const { data: config } = usePublicConfig();
  return (
    <div className="auth">
      <SkipLink targetId="main" label={t('common:skipToContent')} />
      <div className="auth__art">
        <DeviceIllustration />
        <p className="auth__art-caption">{t('layout.tagline')}</p>
      </div>
      <div className="auth__panel">
        <header className="auth__brand">
          <ClinicMark size={40} />
          <span className="auth__brand-name">{config?.clinic_name ?? t('common:appName')}</span>
        </header>
        <main id="main" className="auth__card" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="auth__footer">
          <LanguageSwitch />
          <nav aria-label={t('layout.legalLinks')}>
            <ul className="auth__legal">
              <li>
                <Link to="/auth/terms-of-use">{t('layout:menu.termsOfUse')}</Link>
              </li>
              <li>
                <Link to="/auth/privacy-notice">{t('layout:menu.privacyNotice')}</Link>
              </li>
            </ul>
          </nav>
        </footer>
      </div>
    </div>
  );
}
