export default {
  greeting: 'Welcome, {{name}}',
  greetingNoName: 'Welcome',
  today: 'Today is {{date}}.',
  intro: 'Here is what your care team needs from you. You can come back and continue at any time.',
  cardsLabel: 'Your tasks',
  open: 'Open',
  notAvailable: 'Available soon',
  cards: {
    intake: {
      title: 'Intake form',
      body: 'Your details, contacts, insurance and medical history, before your first visit.',
    },
    referenceDocuments: {
      title: 'Reference documents',
      body: 'Guides and leaflets from your care team about your treatment and devices.',
    },
    bfAdl: {
      title: 'BF-ADL assessment',
      body: 'A short questionnaire about everyday activities that helps us plan your care.',
    },
    awaitingSignature: {
      title: 'Documents awaiting signature',
      body: 'Consent forms and agreements that need your signature.',
    },
  },
  /** The same cards while acting for someone (decision 0023): they name the patient, not "you". */
  acting: {
    cardsLabel: "{{name}}'s tasks",
    cards: {
      intake: "{{name}}'s details, contacts, insurance and medical history, before {{name}}'s first visit.",
      referenceDocuments: "Guides and leaflets from {{name}}'s care team about their treatment and devices.",
      bfAdl: "A short questionnaire about everyday activities that helps plan {{name}}'s care.",
      awaitingSignature: "Consent forms and agreements that need {{name}}'s signature.",
    },
  },
  status: {
    notStarted: 'Not started yet',
    nothingYet: 'Nothing here yet',
  },
  referenceDocuments: {
    title: 'Reference documents',
    description: 'Guides and leaflets your care team shares with you will be listed here.',
  },
};
