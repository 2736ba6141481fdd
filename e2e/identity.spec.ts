import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, launchBrowser, newPage } from './support/browser.js';
import { mailedLink } from './support/mail.js';
import { confirmAlert, registerCustomer, signInAs } from './support/session.js';
import { startShop, type Shop } from './support/shop.js';
import { useBrowserShop } from './support/use-browser-shop.js';
import { scaled } from './support/time.js';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const accessKey = (page: Page) => page.evaluate(() => localStorage.getItem('accessKey'));

describe.runIf(browserAvailable())('accounts in the browser', () => {
  const ctx = useBrowserShop();

  it('registers, lands on / signed in with Dashboard and Logout and a stored key; logout removes it', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Register an account' }).waitFor();
    await page.getByLabel('Username').fill('Nadia Parts');
    await page.getByLabel('Email').fill('nadia@example.com');
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await nav(page).getByRole('button', { name: 'Logout' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await nav(page).getByRole('link', { name: 'Dashboard' }).count()).toBeGreaterThan(0);
    expect(await nav(page).getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await accessKey(page)).toMatch(/^[\w-]+\.[\w-]+$/);

    await nav(page).getByRole('button', { name: 'Logout' }).first().click();
    await nav(page).getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await accessKey(page)).toBeNull();
    expect(await nav(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    await context.close();
  });

  it('shows each validation message for its bad input', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create an account' }).click();
    for (const text of [
      messages.usernameRequired,
      messages.emailRequired,
      messages.passwordRequired,
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Create an account' }).click();
    // This wait failed now and then in full runs, on a busy machine: the focus on the first error
    // came late (its second look, 300 ms after the submit) and moved in the middle of the typing
    // (focus-first-error.ts now leaves a visitor who has started typing alone). On a failure the
    // form's state is in the error, for whoever meets it next.
    await page
      .getByText(messages.emailInvalid, { exact: true })
      .waitFor()
      .catch(async (err: unknown) => {
        const form = await page.evaluate(() => ({
          url: location.pathname,
          values: [...document.querySelectorAll('input')].map((i) => `${i.name}=${i.value}`),
          text: document.querySelector('main')?.textContent,
        }));
        throw new Error(`${String(err)}\nthe page then: ${JSON.stringify(form)}`);
      });
    await page.getByText(messages.passwordTooShort, { exact: true }).waitFor();

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(messages.emailRequired, { exact: true }).waitFor();
    await page.getByText(messages.passwordRequired, { exact: true }).waitFor();
    await context.close();
  });

  it('shows the provider’s error below the password on login and below the email on register', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/login');
    await page.getByLabel('Email').fill(demoAccounts.customer.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const loginError = page.getByTestId('login-provider-error');
    await loginError.waitFor();
    expect(await loginError.textContent()).toBe('Invalid email or password');
    // Placed right under the password field.
    const below = await page.evaluate(() => {
      const password = document.querySelector('input[type="password"]')!.getBoundingClientRect();
      const error = document
        .querySelector('[data-testid="login-provider-error"]')!
        .getBoundingClientRect();
      return error.top >= password.bottom;
    });
    expect(below).toBe(true);

    await page.goto('/register');
    await page.getByLabel('Username').fill('Copy');
    await page.getByLabel('Email').fill(demoAccounts.customer.email);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Create an account' }).click();
    const registerError = page.getByTestId('register-provider-error');
    await registerError.waitFor();
    expect(await registerError.textContent()).toMatch(/already/i);
    await context.close();
  });

  it('sends a signed-out visitor to /login and back to the guarded page after sign-in', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log into your account' }).waitFor();
    await page.getByLabel('Email').fill(demoAccounts.customer.email);
    await page.getByLabel('Password', { exact: true }).fill(demoAccounts.customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    // The login page was replaced in history: Back does not return to it.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await context.close();
  });

  it('shows admins and customers their own sidebars', async () => {
    const sidebar = async (account: { email: string; password: string }) => {
      const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
      await signInAs(page, account.email, account.password);
      await page.goto('/dashboard');
      const items = page.getByTestId('dashboard-sidebar').getByRole('link');
      await items.first().waitFor();
      const names = await items.allTextContents();
      await context.close();
      return names;
    };
    expect(await sidebar(demoAccounts.admin)).toEqual(['Add a part', 'My Profile']);
    expect(await sidebar(demoAccounts.customer)).toEqual([
      'My Orders',
      'Add A Review',
      'My Profile',
    ]);
  });

  it('updates the profile and shows the new details', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await page.goto('/dashboard');
    await page.getByLabel('Address').fill('7 Harbour Street, Leeds');
    await page.getByLabel('Phone').fill('+44 113 496 0000');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await page.getByText('Your profile has been updated.').waitFor();
    const current = page.getByTestId('current-profile');
    await current.getByText('7 Harbour Street, Leeds').waitFor();
    expect(await current.textContent()).toContain('+44 113 496 0000');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('changes the password and the email from the profile, through the provider', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(page, {
      name: 'Mover',
      email: 'mover@example.com',
      password: 'old-password',
    });
    await page.goto('/dashboard');
    await page.getByLabel('New password').fill('new-password');
    await page.getByLabel('Current password').fill('old-password');
    await page.getByLabel('Email').fill('moved@example.com');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await page.getByText('Your profile has been updated.').waitFor();
    // The new address must confirm the change first: until then the account keeps the old one.
    await page.getByText(/We sent a link to moved@example\.com/).waitFor();
    await page.getByTestId('current-profile').getByText('mover@example.com').waitFor();
    const link = await mailedLink(ctx.shop.outboxDir, 'moved@example.com', '/verify-email');
    await page.goto(link);
    await page.getByText('Your email address is confirmed.').waitFor();
    await page.getByText("Your account's address is now moved@example.com.").waitFor();
    await page.getByRole('link', { name: 'Go to my profile' }).click();
    await page.getByTestId('current-profile').getByText('moved@example.com').waitFor();
    // The key now names the new email.
    await page.waitForFunction(() => {
      const key = localStorage.getItem('accessKey');
      return key
        ? atob(key.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/')).includes('moved@')
        : false;
    });
    await page.goto('/dashboard/my-orders');
    await page.getByTestId('orders-empty').waitFor();

    await nav(page).getByRole('button', { name: 'Logout' }).first().click();
    await nav(page).getByRole('link', { name: 'Login' }).first().waitFor();
    await page.goto('/login');
    await page.getByLabel('Email').fill('moved@example.com');
    await page.getByLabel('Password', { exact: true }).fill('old-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('login-provider-error').waitFor();
    await signInAs(page, 'moved@example.com', 'new-password');
    await context.close();
  });

  it('delivers a reset email whose link sets a new password that then signs in', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(page, {
      name: 'Forgetful',
      email: 'forgetful@example.com',
      password: 'first-password',
    });
    await nav(page).getByRole('button', { name: 'Logout' }).first().click();
    await nav(page).getByRole('link', { name: 'Login' }).first().waitFor();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forget password' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill('forgetful@example.com');
    await page.getByRole('button', { name: 'reset password' }).click();
    await confirmAlert(page, 'A password reset email has been sent');
    await page.waitForURL('**/login');

    const link = await mailedLink(ctx.shop.outboxDir, 'forgetful@example.com', '/reset-password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('second-password');
    await page.getByLabel('Repeat the new password').fill('second-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await confirmAlert(page, 'Your password has been changed. Please sign in.');
    await signInAs(page, 'forgetful@example.com', 'second-password');
    await context.close();
  });

  it('says Google sign-in is not configured when it is not', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with google' }).click();
    expect(await page.getByTestId('google-message').textContent()).toMatch(
      /not configured on this shop/,
    );
    await context.close();
  });

  it.each(['/login', '/register', '/forget-password'])(
    'has no serious accessibility violations on %s',
    async (route) => {
      const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
      await page.goto(route);
      await page.locator('main h1').first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    },
  );
});

describe.runIf(browserAvailable())('Google sign-in against a local OpenID Connect server', () => {
  let oidc: OAuth2Server;
  let shop: Shop;
  let browser: Browser;
  const googleUser = {
    sub: 'google-user-42',
    email: 'gina.google@example.com',
    name: 'Gina Google',
  };

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    const issuer = oidc.issuer.url!;
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, {
        sub: googleUser.sub,
        email: googleUser.email,
        email_verified: true,
        name: googleUser.name,
      });
    });
    oidc.service.on('beforeUserinfo', (response) => {
      response.body = {
        sub: googleUser.sub,
        email: googleUser.email,
        email_verified: true,
        name: googleUser.name,
      };
    });
    // The provider's discovery is read when the auth instance starts: the server is up first.
    shop = await startShop({
      google: {
        clientId: 'shop-client',
        clientSecret: 'shop-secret',
        discoveryUrl: `${issuer}/.well-known/openid-configuration`,
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    await oidc?.stop();
  });

  it('signs in with Google, registers the user on the server and stores the key', async () => {
    const { context, page } = await newPage(browser, shop.baseURL);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with google' }).click();
    await nav(page)
      .getByRole('button', { name: 'Logout' })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    await page.waitForFunction(() => Boolean(localStorage.getItem('accessKey')));
    await page.goto('/dashboard');
    const current = page.getByTestId('current-profile');
    await current.getByText(googleUser.email).waitFor();
    expect(await current.textContent()).toContain(googleUser.name);
    await context.close();
  });
});
