import type { Vocabulary } from '../vocabulary.ts';

export const webhookEvent: Vocabulary['webhookEvent'] = {
  'intake.handed_in': '已提交入院登记表',
  'intake.reviewed': '入院登记表已审核',
  'assessment.submitted': '已提交 BF-ADL 评估',
  'document.signed': '文件已签署',
  'document.declined': '文件已拒签',
  'document.expired': '文件已过期',
  'order.status_changed': '设备订单状态已更改',
  'grant.changed': '照护者权限已更改',
};
