// The support feature's public entry: the navbar's help menu.
export { SupportMenu } from './SupportMenu.tsx';
