/** The shape of a legal text in the `legal` namespace. */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  closing?: string[];
}

export interface LegalDocument {
  title: string;
  intro: string[];
  sections: LegalSection[];
}

export type LegalDocumentKey = 'privacyNotice' | 'privacyPractices' | 'termsOfUse' | 'accessibilityStatement';

/** When the current texts took effect; shown formatted for the reader's locale. */
export const LEGAL_EFFECTIVE_DATE = new Date(Date.UTC(2025, 0, 1));
