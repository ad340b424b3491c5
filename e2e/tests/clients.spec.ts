import { expect, test } from '@playwright/test';
import { apiAsDemo, createAccount, inviteAndAccept, signIn, signInAs, uniqueClientName, uniqueEmail } from './accounts';

test.use({ locale: 'en-US' });

test('a superuser creates, deactivates, reactivates and finally deletes a client', async ({ page }) => {
  const name = uniqueClientName('lifecycle');
  const title = `Lifecycle ${name.slice('lifecycle-'.length)}`;
  await signInAs(page, 'superuser');
  await expect(page).toHaveURL(/\/clients$/);

  await page.getByRole('button', { name: 'Add client' }).click();
  const form = page.getByRole('region', { name: 'New client' });
  await expect(form).toBeVisible();

  // Checked here before anything is sent.
  await form.getByRole('button', { name: 'Create client' }).click();
  await expect(form.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('This field is required.').first()).toBeVisible();

  // The name is suggested from the title; a taken one is refused by the server, under the field.
  await form.getByLabel('Title').fill('Demo');
  await expect(form.getByLabel('Name in addresses')).toHaveValue('demo');
  await form.getByRole('button', { name: 'Create client' }).click();
  await expect(form.getByText('This name is already taken.')).toBeVisible();
  await expect(form.getByLabel('Name in addresses')).toBeFocused();

  await form.getByLabel('Name in addresses').fill('Not A Slug');
  await form.getByRole('button', { name: 'Create client' }).click();
  await expect(form.getByText('Use only lower-case letters, digits and hyphens')).toBeVisible();

  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Name in addresses').fill(name);
  await form.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText(`Client ${title} created.`);
  await expect(form).toBeHidden();

  const row = page.getByTestId(`client-row-${name}`);
  await expect(row).toContainText(title);
  await expect(row.getByRole('cell').nth(1)).toHaveText('0');
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: 'Delete finally' })).toHaveCount(0);

  // Deactivating asks first, saying what it does; cancelling keeps the client active.
  await row.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${title}?` });
  await expect(confirm).toContainText('its published maps go offline');
  await expect(confirm).toContainText('Reactivating it restores everything as it was');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('toast-success').last()).toContainText(`${title} deactivated`);
  await expect(row).toContainText('Deactivated');
  await expect(row.getByRole('link', { name: title })).toHaveCount(0);

  await row.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(`${title} reactivated.`);
  await expect(row).toContainText('Active');
  await expect(row.getByRole('link', { name: title })).toBeVisible();

  await row.getByRole('button', { name: 'Deactivate' }).click();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Deactivated');

  await row.getByRole('button', { name: 'Delete finally' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${title} finally?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`The client ${title} (${name}) is deleted together with all its maps (0) and memberships (0).`);
  await expect(dialog).toContainText('This cannot be undone.');

  // Cancelling keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete finally' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete finally' }).click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(`${title} deleted.`);
  await expect(row).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('client-row-demo')).toBeVisible();
  await expect(page.getByTestId(`client-row-${name}`)).toHaveCount(0);
});

test('a user of two clients lands on the clients overview and asks for access', async ({ page, baseURL }) => {
  const email = uniqueEmail('two-clients');
  const password = 'slate-river-lantern';
  await createAccount(baseURL ?? '', email, password, 'student');

  // A second client, whose invitation the account accepts (it exists already).
  const second = uniqueClientName('second');
  const superuser = await apiAsDemo(baseURL ?? '', 'superuser');
  try {
    const res = await superuser.post('/api/v1/clients', { data: { name: second, title: 'Second Client' } });
    expect(res.status(), await res.text()).toBe(201);
    await inviteAndAccept(baseURL ?? '', superuser, second, email, password, 'guest');
  } finally {
    await superuser.dispose();
  }

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/clients$/);
  const demoRow = page.getByTestId('client-row-demo');
  await expect(demoRow).toContainText('Student');
  await expect(page.getByTestId(`client-row-${second}`)).toContainText('Guest');
  await expect(page.getByRole('button', { name: 'Add client' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);

  await demoRow.getByRole('button', { name: 'Ask for access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask for access to Demo organisation' });
  await expect(dialog).toContainText('Your role in Demo organisation is Student.');
  await dialog.getByLabel('Message (optional)').fill('I would like to edit the quiz.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast-success')).toHaveText('Your request was sent to the administrators of Demo organisation.');

  // A click on the row opens the client.
  await page.getByTestId(`client-row-${second}`).getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${second}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Second Client');
  await expect(page.getByTestId('maps-empty')).toContainText('No map projects yet');
  await expect(page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
});
