export default {
  greeting: '欢迎，{{name}}',
  greetingNoName: '欢迎',
  today: '今天是 {{date}}。',
  intro: '以下是您的护理团队需要您完成的事项。您可以随时回来继续。',
  cardsLabel: '您的任务',
  open: '打开',
  notAvailable: '即将开放',
  cards: {
    intake: {
      title: '入院登记表',
      body: '首次就诊前，请填写您的个人信息、联系人、保险和病史。',
    },
    referenceDocuments: {
      title: '参考文件',
      body: '护理团队提供的关于您的治疗和器械的指南与说明资料。',
    },
    bfAdl: {
      title: 'BF-ADL 评估',
      body: '一份关于日常活动的简短问卷，帮助我们规划您的护理。',
    },
    awaitingSignature: {
      title: '待签署文件',
      body: '需要您签署的同意书和协议。',
    },
  },
  acting: {
    cardsLabel: '{{name}}的任务',
    cards: {
      intake: '{{name}}首次就诊前，{{name}}的个人信息、联系人、保险和病史。',
      referenceDocuments: '护理团队提供的关于{{name}}的治疗和器械的指南与说明资料。',
      bfAdl: '一份关于日常活动的简短问卷，帮助规划{{name}}的护理。',
      awaitingSignature: '需要{{name}}签署的同意书和协议。',
    },
  },
  status: {
    notStarted: '尚未开始',
    nothingYet: '暂无内容',
  },
  referenceDocuments: {
    title: '参考文件',
    description: '护理团队与您分享的指南和说明资料将在此列出。',
  },
};
