/** Seeded by apps/server/src/demo/seed-demo.ts when PORTAL_DEMO=1 and the database is empty. */
export const DEMO_PATIENT = { email: 'patient@example.com', password: 'Patient-demo-2025' } as const;
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2025' } as const;
/** The demo staff account of the clinician preset (read_chart, review_intake, answer_messages, manage_documents). */
export const DEMO_CLINICIAN = { email: 'clinician@example.com', password: 'Clinician-demo-2025' } as const;

export interface Account {
  email: string;
  password: string;
}
