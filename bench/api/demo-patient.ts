/** Seeded by apps/server/src/demo/seed-demo.ts when PORTAL_DEMO=1 and the database is empty. */
export const DEMO_PATIENT = { email: 'patient@example.com', password: 'Patient-demo-2025' } as const;
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2025' } as const;
