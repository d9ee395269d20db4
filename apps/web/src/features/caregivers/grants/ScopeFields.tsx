import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SCOPE_NEEDS, type CaregiverScope } from '@portal/protocol';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { offeredGroups } from './scope-groups.ts';
import { toggleScope } from './scope-rules.ts';

interface ScopeFieldsProps {
  value: readonly CaregiverScope[];
  onChange: (scopes: CaregiverScope[]) => void;
  /** Whether the clinic lets this patient's caregivers sign as authorised representative. */
  signingAllowed: boolean;
  /** The scopes this person may grant (staff on the chart); every scope when absent. */
  offered?: readonly CaregiverScope[];
  /** An error for the whole choice (none chosen, or the server's refusal at `scopes`). */
  error?: string;
}

/** What a caregiver may do, grouped; a fill or sign box ticks the see box it needs. */
export function ScopeFields({ value, onChange, signingAllowed, offered, error }: ScopeFieldsProps) {
  const { t } = useTranslation('caregivers');
  const errorId = useId();
  return (
    <fieldset className="scope-fields" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{t('scopes.legend')}</legend>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {offeredGroups(signingAllowed, offered).map((group) => (
        <fieldset key={group.id} className="scope-fields__group">
          <legend className="scope-fields__legend">{t(`scopeGroups.${group.id}`)}</legend>
          {group.scopes.map((scope) => {
            const needs = SCOPE_NEEDS[scope];
            return (
              <Checkbox
                key={scope}
                label={t(`scopes.${scope}`)}
                hint={needs ? t('scopes.needs', { scope: t(`scopes.${needs}`) }) : undefined}
                checked={value.includes(scope)}
                onChange={(event) => onChange(toggleScope(value, scope, event.target.checked))}
              />
            );
          })}
        </fieldset>
      ))}
    </fieldset>
  );
}
