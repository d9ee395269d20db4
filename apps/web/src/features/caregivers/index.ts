// The caregivers feature's public entry: the account page's section (its own chunk), and what
// the clinic's chart panel shares with it (the scope choice, the grant list, the revoke dialog).
export const loadCaregiversSection = () =>
  import('./CaregiversSection.tsx').then((module) => module.CaregiversSection);
export { GrantList } from './GrantList.tsx';
export { GrantTermsFields } from './GrantTermsFields.tsx';
export { RevokeDialog } from './RevokeDialog.tsx';
export { focusFirstRefused } from './focus-invalid.ts';
export { grantErrors, NO_ERRORS, type GrantErrors } from './grant-errors.ts';
export { checkTerms, emptyTerms, hasErrors, type GrantTerms } from './grant-terms.ts';
