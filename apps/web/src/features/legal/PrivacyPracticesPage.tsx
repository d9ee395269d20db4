import { LegalPage } from './LegalPage.tsx';

export default function PrivacyPracticesPage() {
  return <LegalPage document="privacyPractices" />;
}
