/**
 * Which component renders each built screen of the registry. Screens are loaded lazily so each
 * route group only downloads what it shows (see bench/bundle.ts).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ScreenProps {
  /** The route's path parameters, by name. */
  readonly params: Readonly<Record<string, string>>;
}

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const devtools = () => import('../features/devtools');
const auth = () => import('../features/auth');
const registryPages = () => import('./pages/RegistryPages');

export const SCREENS: Readonly<Record<string, Screen>> = {
  test: lazy(() => registryPages().then((m) => ({ default: m.DevIndexPage }))),
  testTwo: lazy(() => devtools().then((m) => ({ default: m.DevEnvironmentPage }))),
  testThree: lazy(() => devtools().then((m) => ({ default: m.DevFormatsPage }))),
  testDataroutes: lazy(() => registryPages().then((m) => ({ default: m.DevRoutesPage }))),
  login: lazy(() => auth().then((m) => ({ default: m.LoginPage }))),
  reset: lazy(() => auth().then((m) => ({ default: m.ResetRequestPage }))),
  resetForm: lazy(() => auth().then((m) => ({ default: m.ResetFormPage }))),
  blank: lazy(() => registryPages().then((m) => ({ default: m.BlankIndexPage }))),
};
