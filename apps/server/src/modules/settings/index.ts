/**
 * The settings module's public entry: what every other module reads. Only the settings routes
 * (`routes.ts`, registered by the app) write, but for the clinic's signing certificate: the
 * first signature creates a self-signed one until an administrator uploads theirs.
 */
export { settingsDefaults } from './settings-defaults.ts';
export { signingCredentials, type SigningCredentials } from './signing-certificate.ts';
export { clinicIdentity, loadLogo, loadSecret, loadSettings, logoVersion } from './settings-queries.ts';
