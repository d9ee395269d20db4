// What main.tsx loads before the first render, so components are tested as patients see them:
// zod without `new Function`, the theme and control styles (axe checks real colours), the strings.
import '../src/zod-config.ts';
import '../src/ui/theme.css';
import '../src/ui/controls.css';
import { afterEach } from 'vitest';
import { page } from 'vitest/browser';
import { clearSession } from '../src/api/session.ts';
import { i18nReady } from '../src/i18n/index.ts';

await i18nReady;

afterEach(async () => {
  clearSession('logout');
  await page.viewport(414, 896);
});
