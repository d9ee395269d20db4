export default {
  sessionExpired: { title: '会话已过期', message: '您需要重新登录才能继续。' },
  accountLocked: { title: '账户已锁定', message: '登录失败次数过多。请在 5 分钟后重试。' },
  loginFailed: { title: '登录失败', message: '您输入的电子邮件或密码不正确。' },
  emailCopied: { title: '已复制', message: '支持电子邮件地址已复制到剪贴板。' },
  phoneCopied: { title: '已复制', message: '免费支持电话号码已复制到剪贴板。' },
  copyFailed: { title: '复制失败', message: '您的浏览器不允许复制。请手动复制。' },
  loggedOut: { title: '已退出', message: '您已退出患者门户。' },
  caregiverAccessEnded: {
    title: '访问已结束',
    message: '您对该档案的访问权限已结束，现已返回您自己的档案。',
  },
  caregiverOnlyAccessEnded: {
    title: '访问已结束',
    message: '您对该档案的访问权限已结束。您协助的人员列在首页上。',
  },
};
