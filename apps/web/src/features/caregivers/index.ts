// The caregivers feature's public entry: the account page's section, its own chunk. What the
// clinic's chart shares with it is the `grants/` entry.
export const loadCaregiversSection = () =>
  import('./CaregiversSection.tsx').then((module) => module.CaregiversSection);
