import type { Locale } from '@portal/protocol';

/**
 * What the patient agrees to by signing (US ESIGN Act §101(c), EU eIDAS art. 25: intent to sign
 * electronically, and a copy). The English text is the one printed on the audit certificate.
 */
export const CONSENT_TEXT: Record<Locale, string> = {
  gb:
    'I have read this document. I agree to sign it electronically, and I accept that my electronic ' +
    'signature has the same effect as my handwritten signature. I understand that I can download a copy ' +
    'of the signed document, and that I may decline to sign.',
  cn: '我已阅读本文件。我同意以电子方式签署本文件，并接受我的电子签名与手写签名具有同等效力。我知道我可以下载已签署文件的副本，也可以拒绝签署。',
};

export const consentTextFor = (locale: string) => CONSENT_TEXT[locale === 'cn' ? 'cn' : 'gb'];
