/** spec §8: titles and messages; shown as "Title - Message". */
export default {
  sessionExpired: { title: 'Session Expired', message: 'You need to sign in again to continue.' },
  accountLocked: {
    title: 'Account Locked',
    message: 'Too many failed login attempts. Please try again in 5 minutes.',
  },
  loginFailed: { title: 'Login Failed', message: 'The email or password you entered is incorrect.' },
  emailCopied: { title: 'Copied', message: 'The support e-mail address was copied to the clipboard.' },
  phoneCopied: { title: 'Copied', message: 'The toll-free phone number was copied to the clipboard.' },
  copyFailed: {
    title: 'Copy failed',
    message: 'Your browser did not allow copying. Please copy it by hand.',
  },
  loggedOut: { title: 'Signed out', message: 'You have signed out of the portal.' },
  caregiverAccessEnded: {
    title: 'Access ended',
    message: 'Your access to that record has ended. Your own record is open again.',
  },
  caregiverOnlyAccessEnded: {
    title: 'Access ended',
    message: 'Your access to that record has ended. The people you help are listed on your home page.',
  },
};
