import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'cargobici-demo';

/** The /login screen. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Correo electrónico');
    this.password = page.getByLabel(/^Contraseña/);
    this.submit = page.getByRole('button', { name: 'Entrar' });
    this.error = page.getByTestId('login-error');
  }

  async open(): Promise<void> {
    if (!this.page.url().includes('/login')) await this.page.goto('/login');
  }

  /** Fills the form and presses «Entrar», without expecting it to work. */
  async attempt(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Signs in and waits until the shell replaced the login screen. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.open();
    await this.attempt(email, password);
    await expect(this.page).not.toHaveURL(/\/login/);
  }
}
