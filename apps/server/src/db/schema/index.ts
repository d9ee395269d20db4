// Every table, one file per feature; drizzle-kit reads this folder to generate migrations.
export * from './core.ts';
export * from './patient.ts';
export * from './documents.ts';
export * from './assessment.ts';
export * from './mfa.ts';
export * from './messages.ts';
export * from './clinic.ts';
export * from './worklist.ts';
export * from './mail.ts';
export * from './caregivers.ts';
export * from './jobs.ts';
export * from './orders.ts';
export * from './integration.ts';
