/**
 * The interface's language on this device (issue 15): a device setting like the inactivity lock
 * (it survives sign-out, each phone or tablet has its own), kept in localStorage. Spanish is the
 * default; «Mi perfil» changes it. The shell is drawn again in the new language at once
 * (`useLanguage` keys the app's tree), without a reload and without losing the page.
 */
import { create } from 'zustand';
import { LANGUAGES, language, setLanguage, type Language } from '../i18n';

const LANGUAGE_KEY = 'cb.language';

const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** The language stored on this device (Spanish when none, or when the stored value is unknown). */
export function storedLanguage(): Language {
  if (typeof localStorage === 'undefined') return 'es';
  const v = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(v) ? v : 'es';
}

export const useLanguage = create<{ language: Language }>(() => ({ language: language() }));

/**
 * Loads the stored language before the first screen (src/main.tsx). When English cannot be
 * loaded (its chunk not on the device yet and no connection), the app starts in Spanish.
 */
export async function startLanguage(): Promise<void> {
  try {
    await setLanguage(storedLanguage());
  } catch {
    await setLanguage('es');
  }
  useLanguage.setState({ language: language() });
}

/** Chooses this device's language: stored, loaded, and the app drawn again in it. */
export async function chooseLanguage(lang: Language): Promise<void> {
  await setLanguage(lang);
  if (typeof localStorage !== 'undefined') localStorage.setItem(LANGUAGE_KEY, lang);
  useLanguage.setState({ language: lang });
}
