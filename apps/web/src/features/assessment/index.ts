// The BF-ADL's public entry: its welcome-card status, loaded after the welcome page paints.
export const loadBfAdlCardStatus = () => import('./BfAdlCardStatus.tsx').then((m) => m.default);
