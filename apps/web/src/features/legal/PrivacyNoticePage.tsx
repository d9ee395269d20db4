import { LegalPage } from './LegalPage.tsx';

export default function PrivacyNoticePage() {
  return <LegalPage document="privacyNotice" />;
}
