import type { CaregiverScope } from '@portal/protocol';
import type { PagePermission } from '../api/staff-pages.ts';
import type { Role } from '../api/user-info.ts';
import type { LazyPage } from './lazy-page.ts';

export type SidebarGroup = 'patient' | 'administration' | 'legal';

/** One entry of the route table (spec §2, §6): everything the router, guards, breadcrumbs and sidebar need. */
export interface AppRoute {
  /** Path segment relative to the parent; omitted for an index route. */
  path?: string;
  index?: boolean;
  name?: string;
  /** spec §6: access uses roles from route metadata plus a requiresAuth flag. */
  roles?: readonly Role[];
  /** The staff permission an administrator needs besides the role (decision 0012-staff-permissions). */
  permission?: PagePermission;
  requiresAuth?: boolean;
  /** The grant scope a caregiver acting for the patient needs to open it (decision 0023). */
  caregiverScope?: CaregiverScope;
  /** i18n key in the `layout` namespace. */
  breadcrumb?: string;
  /** i18n key in the `layout` namespace; with `group`, the route shows in the sidebar. */
  menuLabel?: string;
  group?: SidebarGroup;
  component?: LazyPage;
  /** Redirect target for a route that only forwards (empty /auth, unknown paths). */
  redirect?: string;
  children?: AppRoute[];
}
