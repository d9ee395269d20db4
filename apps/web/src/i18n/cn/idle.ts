/** Decision 0010: the warning before the session ends (WCAG 2.1 SC 2.2.1). */
export default {
  idle: {
    title: '您还在吗？',
    body: '为了您的安全，由于门户一段时间未被使用，您将在 {{time}} 后退出登录。',
    keep: '保持登录',
  },
  lifetime: {
    title: '您的会话即将结束',
    body: '为了您的安全，本次会话已达到时间上限，您将在 {{time}} 后退出登录。请保存您的内容。',
    keep: '知道了',
  },
  signOut: '退出登录',
  announce: {
    oneMinute: '您将在 1 分钟后退出登录。',
    thirtySeconds: '您将在 30 秒后退出登录。',
  },
};
