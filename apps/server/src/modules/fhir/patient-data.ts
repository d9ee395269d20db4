import type { Binary, Resource } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { addOrderResources } from '../orders/index.ts';
import { patientRecordResources, patientResourceOf, type RecordSection } from '../patient/index.ts';
import { addDocumentResources, signedPdfBinaries } from './document-resources.ts';
import { addGrantResources } from './grant-resources.ts';

/** What the API serves beyond the record export: device orders, signed documents, grants. */
const API_SECTIONS: readonly RecordSection[] = [addOrderResources, addDocumentResources, addGrantResources];

/**
 * One patient's resources, each source read at most once per request however many types ask
 * for it. The record comes from the mapping the exports use, so both give the same resources.
 */
export class PatientData {
  private record?: Promise<Resource[]>;
  private patient?: Promise<Resource>;
  private binaries?: Promise<Binary[]>;

  constructor(
    private readonly ctx: AppContext,
    private readonly db: Queryable,
    readonly patientId: string,
  ) {}

  recordResources(): Promise<Resource[]> {
    this.record ??= patientRecordResources(this.ctx, this.db, this.patientId, API_SECTIONS);
    return this.record;
  }

  /** The Patient alone: a list of patients need not read their orders, documents and grants. */
  patientResource(): Promise<Resource> {
    this.patient ??= this.record
      ? this.record.then((resources) => resources[0]!)
      : patientResourceOf(this.ctx, this.db, this.patientId);
    return this.patient;
  }

  signedPdfs(): Promise<Binary[]> {
    this.binaries ??= signedPdfBinaries(this.ctx, this.db, this.patientId);
    return this.binaries;
  }
}
