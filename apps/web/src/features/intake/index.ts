// The intake's public entry: its welcome-card parts, each loaded after the welcome page paints.
export const loadIntakeCardStatus = () => import('./IntakeCardStatus.tsx').then((m) => m.default);
export const loadIntakeReviewNotice = () => import('./IntakeReviewNotice.tsx').then((m) => m.default);
