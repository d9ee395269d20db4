import { useTranslation } from 'react-i18next';
import { libraryError } from './library-error.ts';

/** A failed library call in words, as an alert; nothing when the API layer already told the person. */
export function LibraryAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('library');
  const found = error ? libraryError(error) : null;
  if (!found) return null;
  return (
    <p className="form-alert form-alert--error" role="alert">
      {t(found.key, { edition: found.language ? t(`languages.${found.language}`) : '' })}
    </p>
  );
}
