// What the patient's account and the clinic's chart both show of grants: the list, the terms'
// fields with the scope rules, the revoke dialog, and refusals by code and path.
export { GrantList } from './GrantList.tsx';
export { GrantTermsFields } from './GrantTermsFields.tsx';
export { RevokeDialog } from './RevokeDialog.tsx';
export { focusFirstRefused } from './focus-invalid.ts';
export { grantErrors, NO_ERRORS, type GrantErrors } from './grant-errors.ts';
export { checkTerms, emptyTerms, hasErrors, type GrantTerms } from './grant-terms.ts';
