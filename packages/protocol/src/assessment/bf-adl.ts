/**
 * Spec §2 names the BF-ADL form without its items; the portal asks the Barthel Index
 * (design/assessments.md). A module of its own: the welcome page's BF-ADL card needs the name,
 * not the registry, which parses every instrument definition when it loads.
 */
export const BF_ADL_INSTRUMENT = 'barthel';
