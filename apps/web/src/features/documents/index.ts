// The documents' public entry: their welcome-card statuses, loaded after the welcome page paints.
export const loadAwaitingSignatureCardStatus = () =>
  import('./DocumentsCardStatus.tsx').then((m) => m.AwaitingSignatureCardStatus);
export const loadReferenceCardStatus = () =>
  import('./DocumentsCardStatus.tsx').then((m) => m.ReferenceCardStatus);
