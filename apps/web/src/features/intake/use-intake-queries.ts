import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { INTAKE_RESOURCE_NAMES, type IntakeResourceName } from '@portal/protocol';
import {
  deleteCoverage,
  fetchCard,
  fetchCoverages,
  fetchResource,
  saveCoverage,
  saveResource,
  submitIntake,
  uploadCard,
  type CardSideName,
  type CoverageState,
  type InsuranceTypeName,
  type ResourceState,
} from './intake-api.ts';
import { intakeStatusKey, useIntakeScope, useIntakeStatus } from './use-intake-status.ts';

// Every key starts with the signed-in account, so one person's answers can never be shown
// to the next person who signs in on the same tab. `gcTime: 0` drops the health data from
// memory as soon as no screen shows it; while the intake page is open it observes them all.
// `staleTime: Infinity`: every save answers the new state and is written into the cache, so
// nothing needs refetching while the page is open (a change made elsewhere answers 10409).
const KEEP = { staleTime: Infinity, gcTime: 0 } as const;

const keys = {
  resource: (scope: readonly unknown[], name: IntakeResourceName) => [...scope, 'resource', name] as const,
  coverages: (scope: readonly unknown[]) => [...scope, 'coverages'] as const,
  status: intakeStatusKey,
  card: (scope: readonly unknown[], type: string, side: string, updatedAt: string) =>
    [...scope, 'card', type, side, updatedAt] as const,
};

export const saveMutationKey = (name: IntakeResourceName) => ['intake', 'save', name] as const;

function refreshStatus(client: QueryClient, scope: readonly unknown[]) {
  void client.invalidateQueries({ queryKey: keys.status(scope) });
}

export function useResource(name: IntakeResourceName) {
  const scope = useIntakeScope();
  return useQuery({ queryKey: keys.resource(scope, name), queryFn: () => fetchResource(name), ...KEEP });
}

/** The whole intake at once: the stepper, the review and the completion count need every section. */
export function useIntake() {
  const scope = useIntakeScope();
  const resources = useQueries({
    queries: INTAKE_RESOURCE_NAMES.map((name) => ({
      queryKey: keys.resource(scope, name),
      queryFn: () => fetchResource(name),
      ...KEEP,
    })),
  });
  const coverages = useCoverages();
  const status = useIntakeStatus();
  const byName = Object.fromEntries(
    INTAKE_RESOURCE_NAMES.map((name, i) => [name, resources[i]?.data]),
  ) as Partial<Record<IntakeResourceName, ResourceState>>;
  const queries = [...resources, coverages, status];
  return {
    resources: byName,
    coverages: coverages.data,
    status: status.data,
    isPending: queries.some((q) => q.isPending),
    isError: queries.some((q) => q.isError),
    retry: () => queries.filter((q) => q.isError).forEach((q) => void q.refetch()),
  };
}

export function useSaveResource(name: IntakeResourceName) {
  const client = useQueryClient();
  const scope = useIntakeScope();
  return useMutation({
    mutationKey: saveMutationKey(name),
    mutationFn: (body: { version: number; draft: boolean; value: unknown }) => saveResource(name, body),
    onSuccess: (state, body) => {
      if (body.draft) {
        // A draft is kept whatever was saved meanwhile, and its answer carries the newest saved
        // version: taken as the edit's version, the next whole save would overwrite another
        // tab's save without the 10409 that says so. Only the draft moves.
        client.setQueryData<ResourceState>(keys.resource(scope, name), (old) =>
          old ? { ...old, draft: state.draft } : state,
        );
        return;
      }
      client.setQueryData(keys.resource(scope, name), state);
      refreshStatus(client, scope);
    },
  });
}

/** After a 10409 the section shows what was saved elsewhere. */
export function useReloadResource(name: IntakeResourceName) {
  const client = useQueryClient();
  const scope = useIntakeScope();
  return () =>
    client.fetchQuery({ queryKey: keys.resource(scope, name), queryFn: () => fetchResource(name) });
}

export function useCoverages() {
  const scope = useIntakeScope();
  return useQuery({ queryKey: keys.coverages(scope), queryFn: fetchCoverages, ...KEEP });
}

function useCoverageMutation<Input>(mutationFn: (input: Input) => Promise<CoverageState[]>) {
  const client = useQueryClient();
  const scope = useIntakeScope();
  return useMutation({
    mutationFn,
    onSuccess: (list) => {
      client.setQueryData(keys.coverages(scope), list);
      refreshStatus(client, scope);
    },
  });
}

export function useSaveCoverage() {
  return useCoverageMutation((body: { version: number; value: unknown }) => saveCoverage(body));
}

export function useDeleteCoverage() {
  return useCoverageMutation((type: InsuranceTypeName) => deleteCoverage(type));
}

export function useUploadCard() {
  return useCoverageMutation(
    (body: { insurance_type: InsuranceTypeName; side: CardSideName; content_base64: string }) =>
      uploadCard(body),
  );
}

/** One card image; `updatedAt` is part of the key so a new upload shows at once. */
export function useCardImage(type: InsuranceTypeName, side: CardSideName, updatedAt: string) {
  const scope = useIntakeScope();
  return useQuery({
    queryKey: keys.card(scope, type, side, updatedAt),
    queryFn: () => fetchCard(type, side),
    ...KEEP,
  });
}

export function useSubmitIntake() {
  const client = useQueryClient();
  const scope = useIntakeScope();
  return useMutation({
    mutationFn: (noInsurance: boolean) => submitIntake(noInsurance),
    onSuccess: (status) => client.setQueryData(keys.status(scope), status),
  });
}
