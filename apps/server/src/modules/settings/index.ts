/**
 * The settings module's public entry: what every other module reads. Only the settings routes
 * (`routes.ts`, registered by the app) write.
 */
export { settingsDefaults } from './settings-defaults.ts';
export { clinicIdentity, loadLogo, loadSecret, loadSettings, logoVersion } from './settings-queries.ts';
