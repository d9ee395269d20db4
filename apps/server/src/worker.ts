// The worker pool's thread (lib/worker-pool): the jobs it runs, by name. Only the files of the
// jobs load here, not the modules' entries, so a thread starts without the database, the routes
// or sharp.
import { checkPdfFile } from './lib/files/pdf-file.ts';
import { workerJob, type JobTask } from './lib/worker-pool/worker-job.ts';
import { buildSignedPdfJob } from './modules/documents/build-signed-pdf.ts';
import { pageBoxesOfPdf } from './modules/documents/page-boxes.ts';
import { buildProofPdf } from './modules/orders/build-proof-pdf.ts';

const JOBS: Record<string, (task: JobTask<never>) => Promise<unknown>> = {
  checkPdf: workerJob(checkPdfFile),
  buildSignedPdf: workerJob(buildSignedPdfJob),
  pageBoxes: workerJob(pageBoxesOfPdf),
  buildProofPdf: workerJob(buildProofPdf),
};

export default function runJob({ job, ...task }: JobTask<never> & { job: string }): Promise<unknown> {
  const run = JOBS[job];
  if (!run) throw new Error(`No worker job named ${job}`);
  return run(task);
}
