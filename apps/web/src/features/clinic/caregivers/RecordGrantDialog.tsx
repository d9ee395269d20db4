import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTHORITY_MAX_BYTES, AuthorityKind, SCOPE_NEEDS, scopesWithin } from '@portal/protocol';
import { useSession } from '../../../api/use-session.ts';
import {
  checkTerms,
  emptyTerms,
  focusFirstRefused,
  grantErrors,
  GrantTermsFields,
  hasErrors,
  NO_ERRORS,
  type GrantErrors,
  type GrantTerms,
} from '../../caregivers/grants/index.ts';
import { readBase64 } from '../../../ui/read-file.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { SelectField } from '../../../ui/SelectField.tsx';
import { useRecordGrant } from './chart-caregivers-api.ts';

interface RecordGrantDialogProps {
  patientId: string;
  signingAllowed: boolean;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The scopes staff may put in a grant: those their permissions cover (SCOPE_PERMISSIONS), each
 * with the see scope it needs, since ticking it ticks that one too. The server judges it again.
 */
function grantableScopes(auths: readonly string[]) {
  const within = scopesWithin(auths);
  return within.filter((scope) => !SCOPE_NEEDS[scope] || within.includes(SCOPE_NEEDS[scope]));
}

/** Staff record a grant with the document that gives its authority (a guardian, an attorney). */
export function RecordGrantDialog({ patientId, signingAllowed, onDone, onCancel }: RecordGrantDialogProps) {
  const { t } = useTranslation('caregivers');
  const record = useRecordGrant(patientId);
  const offered = grantableScopes(useSession()?.user.auths ?? []);
  const form = useRef<HTMLFormElement>(null);
  const [today] = useState(() => new Date());
  const [terms, setTerms] = useState<GrantTerms>(() => emptyTerms(today));
  const [kind, setKind] = useState<AuthorityKind>('power_of_attorney');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<GrantErrors>(NO_ERRORS);

  const refuse = (found: GrantErrors) => {
    setErrors(found);
    focusFirstRefused(form.current);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkTerms(terms, today);
    if (!file || file.type !== 'application/pdf' || file.size === 0 || file.size > AUTHORITY_MAX_BYTES) {
      found.fields.authority_pdf = 'errors.fields.authority_pdf';
    }
    if (hasErrors(found) || !file) return refuse(found);
    setErrors(NO_ERRORS);
    const authority_pdf = await readBase64(file);
    record.mutate(
      { ...terms, authority_kind: kind, authority_file_name: file.name, authority_pdf },
      { onSuccess: onDone, onError: (failure) => refuse(grantErrors(failure)) },
    );
  };

  const fileError = errors.fields.authority_pdf ?? errors.fields.authority_file_name;
  return (
    <Dialog title={t('chart.recordTitle')} onClose={onCancel}>
      <form ref={form} className="record-grant-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="field__hint">{t('chart.recordIntro')}</p>
        {errors.form && (
          <p className="form-alert form-alert--error" role="alert">
            {t(errors.form)}
          </p>
        )}
        <GrantTermsFields
          value={terms}
          onChange={setTerms}
          errors={errors.fields}
          signingAllowed={signingAllowed}
          offered={offered}
          today={today}
        />
        <SelectField
          label={t('chart.authorityKind')}
          value={kind}
          onChange={(value) => setKind(value as AuthorityKind)}
          options={AuthorityKind.options.map((value) => ({ value, label: t(`authority.${value}`) }))}
          error={errors.fields.authority_kind ? t(errors.fields.authority_kind) : undefined}
        />
        <div className="field">
          <label className="field__label" htmlFor="record-grant-file">
            {t('chart.authorityFile')}
          </label>
          <span className="field__hint" id="record-grant-file-hint">
            {t('chart.authorityFileHint')}
          </span>
          <input
            id="record-grant-file"
            className="field__input"
            type="file"
            accept="application/pdf"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={
              fileError ? 'record-grant-file-hint record-grant-file-error' : 'record-grant-file-hint'
            }
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          {fileError && (
            <p className="field__error" id="record-grant-file-error">
              {t(fileError)}
            </p>
          )}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('chart.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={record.isPending}>
            {record.isPending ? t('working') : t('chart.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
