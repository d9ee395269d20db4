// The auth feature's public entry: the parts of the sign-in screens' frame the app's layout shows.
export { DeviceIllustration } from './DeviceIllustration.tsx';
export { LanguageSwitch } from './LanguageSwitch.tsx';
