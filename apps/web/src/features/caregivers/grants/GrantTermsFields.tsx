import { useTranslation } from 'react-i18next';
import { RELATIONSHIP_MAX_LENGTH, type CaregiverScope } from '@portal/protocol';
import { TextField } from '../../../ui/TextField.tsx';
import type { GrantErrors } from './grant-errors.ts';
import { endsOnRange, type GrantTerms } from './grant-terms.ts';
import { ScopeFields } from './ScopeFields.tsx';

interface GrantTermsFieldsProps {
  value: GrantTerms;
  onChange: (terms: GrantTerms) => void;
  errors: GrantErrors['fields'];
  signingAllowed: boolean;
  /** The scopes this person may grant (staff on the chart); every scope when absent. */
  offered?: readonly CaregiverScope[];
  today: Date;
}

/** E-mail, relationship, what they may do and until when: the invitation's and the chart's alike. */
export function GrantTermsFields({
  value,
  onChange,
  errors,
  signingAllowed,
  offered,
  today,
}: GrantTermsFieldsProps) {
  const { t } = useTranslation('caregivers');
  const set = <K extends keyof GrantTerms>(key: K, field: GrantTerms[K]) =>
    onChange({ ...value, [key]: field });
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const range = endsOnRange(today);
  return (
    <>
      <TextField
        label={t('form.email')}
        type="email"
        autoComplete="off"
        value={value.email}
        onChange={(event) => set('email', event.target.value)}
        error={message(errors.email)}
        required
      />
      <TextField
        label={t('form.relationship')}
        hint={t('form.relationshipHint')}
        value={value.relationship}
        maxLength={RELATIONSHIP_MAX_LENGTH}
        onChange={(event) => set('relationship', event.target.value)}
        error={message(errors.relationship)}
        required
      />
      <ScopeFields
        value={value.scopes}
        onChange={(scopes) => set('scopes', scopes)}
        signingAllowed={signingAllowed}
        offered={offered}
        error={message(errors.scopes)}
      />
      <TextField
        label={t('form.endsOn')}
        hint={t('form.endsOnHint')}
        type="date"
        min={range.min}
        max={range.max}
        value={value.ends_on}
        onChange={(event) => set('ends_on', event.target.value)}
        error={message(errors.ends_on)}
        required
      />
    </>
  );
}
