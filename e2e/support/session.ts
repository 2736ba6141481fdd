import type { Page } from 'playwright-core';

/** Signs in through the login screen and waits until the app holds an access key. */
export async function signInAs(page: Page, email: string, password: string, startAt = '/login') {
  await page.goto(startAt);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Logout' }).first().waitFor();
  await page.waitForFunction(() => Boolean(localStorage.getItem('accessKey')));
}

/** Confirms a sweetalert2 dialog with its 'Cool!' button after checking its title. */
export async function confirmAlert(page: Page, title: string) {
  const dialog = page.locator('.swal2-popup');
  await dialog.getByText(title, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Cool!' }).click();
}

/** Registers a new customer through the register screen and waits until they are signed in. */
export async function registerCustomer(
  page: Page,
  account: { name: string; email: string; password?: string },
) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password ?? 'secret123');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByRole('button', { name: 'Logout' }).first().waitFor();
}

/** An API call from the signed-in page, as the app makes it (its access key); throws on a refusal. */
export async function pageApi<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessKey') ?? ''}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { method, url, body },
  );
}
