import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { useState } from 'react';
import { z } from 'zod';
import { emailSchema, nameSchema } from '@portal/protocol';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { Form } from '../../../src/ui/form/Form.tsx';
import { FormCheckbox } from '../../../src/ui/form/FormCheckbox.tsx';
import { FormTextField } from '../../../src/ui/form/FormTextField.tsx';
import { useZodForm } from '../../../src/ui/form/use-zod-form.ts';

const schema = z.object({ name: nameSchema, email: emailSchema, agree: z.boolean().refine(Boolean) });

/** A form over protocol schemas, as every form in the app is written. */
function ContactForm() {
  const form = useZodForm(schema, { defaultValues: { name: '', email: '', agree: false } });
  const [sent, setSent] = useState<string | null>(null);
  return (
    <Form form={form} ns="auth" onValid={(value) => setSent(JSON.stringify(value))}>
      <FormTextField name="name" label="Name" />
      <FormTextField name="email" label="Email" type="email" />
      <FormCheckbox name="agree" label="I agree" />
      <button type="submit">Send</button>
      {sent && <p>{`Sent ${sent}`}</p>}
    </Form>
  );
}

describe('a form over the protocol’s schemas', () => {
  test('refuses what the schema refuses, in words, focusing the first field, and sends what it parsed', async () => {
    const screen = await renderScreen(<ContactForm />, { url: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await expect.element(name).toHaveAttribute('aria-invalid', 'true');
    await expect.element(name).toHaveFocus();
    await expect.element(screen.getByText('This field is required.').first()).toBeVisible();
    await userEvent.fill(name, 'Ada');
    await userEvent.fill(screen.getByRole('textbox', { name: 'Email' }), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect
      .element(screen.getByRole('textbox', { name: 'Email' }))
      .toHaveAttribute('aria-invalid', 'true');
    await expect.element(name).not.toHaveAttribute('aria-invalid');
    await expect
      .element(screen.getByRole('textbox', { name: 'Email' }))
      .toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com.');
    await userEvent.fill(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect
      .element(screen.getByText('Sent {"name":"Ada","email":"ada@example.com","agree":true}'))
      .toBeVisible();
  });
});

const ownMessage = z.object({ reason: z.string().trim().min(1, 'Required') });

function ReasonForm() {
  const form = useZodForm(ownMessage, { defaultValues: { reason: '' } });
  return (
    <Form form={form} ns="auth" onValid={() => undefined}>
      <FormTextField name="reason" label="Reason" />
      <button type="submit">Send</button>
    </Form>
  );
}

describe('a protocol schema that carries its own English message', () => {
  test('is still worded in the form’s language, not in the schema’s words', async () => {
    const screen = await renderScreen(<ReasonForm />, { url: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByText('This field is required.')).toBeVisible();
    expect(screen.container.textContent).not.toContain('Required');
  });
});
