import { LegalPage } from './LegalPage.tsx';

export default function TermsOfUsePage() {
  return <LegalPage document="termsOfUse" />;
}
