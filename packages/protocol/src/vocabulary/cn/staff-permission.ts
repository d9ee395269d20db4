import type { Vocabulary } from '../vocabulary.ts';

export const staffPermission: Vocabulary['staffPermission'] = {
  admin: '管理菜单',
  read_chart: '查看患者病历',
  review_intake: '审核入院登记表',
  manage_documents: '管理文件',
  manage_orders: '管理设备订单和目录',
  answer_messages: '回复消息',
  manage_users: '管理用户',
  manage_settings: '更改设置',
  read_audit: '查看审计日志',
};
