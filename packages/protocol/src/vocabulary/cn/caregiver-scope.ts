import type { Vocabulary } from '../vocabulary.ts';

export const caregiverScope: Vocabulary['caregiverScope'] = {
  view_intake: '查看入院登记表',
  fill_intake: '填写入院登记表',
  view_documents: '查看文件',
  sign_documents: '以授权代表身份签署文件',
  view_assessments: '查看 BF-ADL 评估',
  fill_assessments: '填写 BF-ADL 评估',
  write_messages: '阅读并给诊所写消息',
  view_orders: '查看设备订单',
  act_on_orders: '处理设备订单（送货时间、补货、签收）',
};
