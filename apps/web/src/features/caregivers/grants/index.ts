// What the patient's account and the clinic's chart both show of grants: the list, the grant
// form with the scope rules, the revoke dialog, and refusals by code and path.
export { GrantForm } from './GrantForm.tsx';
export { GrantList } from './GrantList.tsx';
export { RevokeDialog } from './RevokeDialog.tsx';
export { grantErrors } from './grant-errors.ts';
export { recordedGrant } from './grant-form.ts';
