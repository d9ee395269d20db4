import type { Vocabulary } from '../vocabulary.ts';

export const staffPermission: Vocabulary['staffPermission'] = {
  admin: 'Administration menu',
  read_chart: 'Read patient charts',
  review_intake: 'Review intake forms',
  manage_documents: 'Manage documents',
  manage_orders: 'Manage equipment orders and the catalogue',
  answer_messages: 'Answer messages',
  manage_users: 'Manage users',
  manage_settings: 'Change settings',
  read_audit: 'Read the audit log',
};
