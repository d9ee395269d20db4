import { useMemo, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sectionIn, type SectionDefinition } from '../sections/sections.ts';
import type { ResourceState } from '../intake-api.ts';
import { saveMutationKey, useReloadResource, useResource } from '../use-intake-queries.ts';
import { LoadProblem } from './LoadProblem.tsx';
import { SectionForm } from './SectionForm.tsx';
import { useRenderedInSlices } from '../../../ui/use-rendered-in-slices.ts';

interface SectionStepProps {
  definition: SectionDefinition;
  /** Values to start from when nothing was saved or drafted yet (e.g. the account's e-mail). */
  prefill?: Record<string, unknown>;
  backHref: string | null;
  onSaved: () => void;
}

/**
 * One of the five single resources as a step. The form starts once the section is loaded and
 * no save of it is still on its way, so returning to a step always shows the latest draft.
 */
export function SectionStep({ definition, prefill, backHref, onSaved }: SectionStepProps) {
  const { t } = useTranslation('intake');
  const query = useResource(definition.name);
  const saving = useIsMutating({ mutationKey: saveMutationKey(definition.name) }) > 0;
  const reload = useReloadResource(definition.name);
  const contact = useResource('contact');
  // The step re-renders with every intake answer that arrives; its schema (a zod schema made for
  // the address's country) is made again only when that country changes.
  const country = contactCountryOf(contact.data);
  const section = useMemo(() => sectionIn(definition, country), [definition, country]);
  // Each reload after a conflict starts a fresh form from what is saved now.
  const [reloads, setReloads] = useState(0);
  const [started, setStarted] = useState(false);
  if (!started && query.isSuccess && !saving) setStarted(true);
  // The form's first render is the step's longest.
  const shown = useRenderedInSlices(started);

  if (query.isError) return <LoadProblem onRetry={() => void query.refetch()} />;
  if (!shown || !query.data) return <p className="page-loading">{t('loading')}</p>;
  return (
    <SectionForm
      key={reloads}
      definition={section}
      state={query.data}
      prefill={prefill}
      restoreDraft={reloads === 0}
      reloaded={reloads > 0}
      backHref={backHref}
      onSaved={onSaved}
      onReload={async () => {
        await reload();
        setReloads((n) => n + 1);
      }}
    />
  );
}

/** The country of the patient's address as saved, else as drafted; unknown before either. */
function contactCountryOf(contact: ResourceState | undefined): string | undefined {
  const countryOf = (value: unknown) => {
    const address = (value as { address?: { country?: unknown } } | null | undefined)?.address;
    return typeof address?.country === 'string' ? address.country : undefined;
  };
  return countryOf(contact?.value) ?? countryOf(contact?.draft);
}
