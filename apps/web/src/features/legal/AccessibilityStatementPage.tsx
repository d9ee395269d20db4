import { LegalPage } from './LegalPage.tsx';

export default function AccessibilityStatementPage() {
  return <LegalPage document="accessibilityStatement" />;
}
