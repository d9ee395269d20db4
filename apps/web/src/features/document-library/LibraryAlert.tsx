import { useTranslation } from 'react-i18next';
import { libraryError } from './library-error.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

/** A failed library call in words, as an alert; nothing when the API layer already told the person. */
export function LibraryAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('library');
  const found = error ? libraryError(error) : null;
  return (
    <FormAlert
      message={found && t(found.key, { edition: found.language ? t(`languages.${found.language}`) : '' })}
    />
  );
}
