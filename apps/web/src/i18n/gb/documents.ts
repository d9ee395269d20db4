import * as words from '@portal/protocol/vocabulary/gb';

/** Documents & Forms: list, viewer, signing (spec §4 labels verbatim). */
export default {
  title: 'Documents & Forms',
  intro: 'Documents from your care team to read, sign or return.',
  filter: {
    label: 'Show documents',
    all: 'All',
    /** A phone's one select for the filter: a status and how many documents have it. */
    option: '{{label}} ({{count}})',
  },
  status: words.documentStatus.patient,
  kind: {
    reference: 'Reference document',
    signature: 'Form',
  },
  empty: 'There are no documents here.',
  due: 'Sign by {{date}}',
  updated: 'Updated {{date}}',
  open: 'Open',
  loadError: 'Your documents could not be loaded. Please try again.',
  retry: 'Try again',
  pages: {
    label: 'Pages',
    current: 'Page {{page}} of {{pages}}',
    previous: 'Previous page',
    next: 'Next page',
  },
  detail: {
    back: 'Back to documents',
    download: 'Download PDF',
    downloadSigned: 'Download signed PDF',
    signedOnBehalf: 'Signed by {{name}} as authorised representative.',
    signedNote:
      'This is the signed copy. Its last page is an audit certificate that records how it was signed.',
    reason: 'Your reason: {{reason}}',
    notFound: 'This document was not found.',
  },
  viewer: {
    label: 'Document: {{title}}',
    loading: 'Loading the document…',
    page: 'Page {{page}} of {{pages}}',
    text: 'Text of page {{page}}',
    failed: 'The document could not be shown here. You can still download it.',
  },
  sign: {
    heading: 'Sign this document',
    submitHeading: 'Sign and submit this form',
    readFirst: 'Please read the whole document above before you sign.',
    method: 'How would you like to sign?',
    draw: 'Draw my signature',
    type: 'Type my name',
    pad: 'Signature area. Draw your signature with a finger, pen or mouse.',
    typed: 'Your full name',
    typedHint: 'Typing your name is a valid electronic signature.',
    asRepresentative:
      'You sign as authorised representative of {{patient}}. Your name and theirs go on the signature and its certificate.',
    signerIs: 'Signing as {{name}}',
    confirm: 'Sign document',
    confirmSubmit: 'Sign and submit',
    working: 'Signing…',
    done: 'Thank you. The document is signed.',
    submitted: 'Thank you. The form has been sent to your care team.',
    errors: {
      consent: 'Tick the box to agree before you sign.',
      drawn: 'Draw your signature first, or type your name instead.',
      typed: 'Type your full name.',
      conflict:
        'This document has changed: it may have been withdrawn or have expired. It has been reloaded.',
      generic: 'The document could not be signed. Please try again.',
    },
  },
  reject: {
    heading: 'Decline to sign',
    intro: 'If you do not want to sign, tell your care team why. They will contact you.',
    reason: 'Reason',
    button: 'Decline',
    working: 'Sending…',
    done: 'You declined to sign this document.',
    required: 'Please give a reason.',
    confirmTitle: 'Decline to sign this document?',
    confirmBody:
      'Your care team will see your reason. You cannot sign this document afterwards unless the clinic sends it again.',
    cancel: 'Cancel',
  },
  card: {
    awaiting: 'Awaiting your signature: {{count}}',
    noneAwaiting: 'Nothing awaits your signature',
    toRead: 'Documents to read: {{count}}',
    allRead: 'You have opened every document',
  },
  reference: {
    title: 'Reference documents',
    intro: 'Guides and leaflets from your care team to read and keep.',
    empty: 'There are no reference documents yet.',
    read: 'Read',
    unread: 'Not opened yet',
    readOn: 'Opened on {{date}}',
  },
  edition: {
    fallback: 'This document has no Chinese edition yet; it is shown in English.',
  },
  /**
   * The same words while acting for someone (decision 0023): "you" there is the caregiver, so
   * these name the patient, or say whose it is not at all.
   */
  acting: {
    intro: "Documents from {{name}}'s care team to read, sign or return.",
    status: words.documentStatus.acting,
    loadError: "{{name}}'s documents could not be loaded. Please try again.",
    detail: {
      reason: 'Reason given: {{reason}}',
    },
    sign: {
      submitted: "Thank you. The form has been sent to {{name}}'s care team.",
    },
    reject: {
      intro:
        "If you do not want to sign for {{name}}, tell {{name}}'s care team why. They will get in touch.",
      done: 'Signing this document was declined.',
      confirmBody:
        "{{name}}'s care team will see your reason. The document cannot be signed afterwards unless the clinic sends it again.",
    },
    card: {
      awaiting: "Awaiting {{name}}'s signature: {{count}}",
      noneAwaiting: "Nothing awaits {{name}}'s signature",
      allRead: 'Every document has been opened',
    },
    reference: {
      intro: "Guides and leaflets from {{name}}'s care team to read and keep.",
    },
  },
};
