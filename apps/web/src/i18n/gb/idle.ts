/** Decision 0010: the warning before the session ends (WCAG 2.1 SC 2.2.1). */
export default {
  idle: {
    title: 'Are you still there?',
    body: 'For your security you will be signed out in {{time}} because the portal has not been used.',
    keep: 'Stay signed in',
  },
  lifetime: {
    title: 'Your session is ending',
    body: 'For your security you will be signed out in {{time}} because this session has reached its time limit. Please save your work.',
    keep: 'OK',
  },
  signOut: 'Sign out',
  announce: {
    oneMinute: 'You will be signed out in 1 minute.',
    thirtySeconds: 'You will be signed out in 30 seconds.',
  },
};
