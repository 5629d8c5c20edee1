// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { DescriptionField } from './description-field';

function Harness({ onSubmit }: { onSubmit: (values: { description: string }) => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { description: '' } });
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <DescriptionField aria-label="Description" {...register('description')} />
      <button type="submit">Save</button>
    </form>
  );
}

function setup() {
  const onSubmit = vi.fn();
  render(<Harness onSubmit={onSubmit} />);
  return { onSubmit, box: screen.getByRole('textbox', { name: 'Description' }), user: userEvent.setup() };
}

describe('DescriptionField', () => {
  it('turns a star typed at the start of a line into a bullet as the user types', async () => {
    const { box, user } = setup();
    await user.type(box, '* Led a team of 5{Enter}* Shipped the app');
    expect(box).toHaveValue('• Led a team of 5\n• Shipped the app');
  });

  it("turns '- ' and '•' into bullet points on their own lines", async () => {
    const { box, user } = setup();
    await user.type(box, 'Highlights - Cut costs by 20% •Hired 3 engineers');
    expect(box).toHaveValue('Highlights\n• Cut costs by 20%\n• Hired 3 engineers');
  });

  it('leaves hyphenated words and plain text alone', async () => {
    const { box, user } = setup();
    await user.type(box, 'Built a real-time dashboard');
    expect(box).toHaveValue('Built a real-time dashboard');
  });

  it('formats pasted text and keeps the caret after the inserted text', async () => {
    const { box, user } = setup();
    await user.type(box, 'Intro');
    await user.paste(' * one * two');
    expect(box).toHaveValue('Intro\n• one\n• two');
    expect((box as HTMLTextAreaElement).selectionEnd).toBe('Intro\n• one\n• two'.length);
  });

  it('formats on blur as well, and the form submits the formatted text', async () => {
    const { box, onSubmit, user } = setup();
    // A change that bypasses the per-keystroke formatting (e.g. autofill) is still formatted on blur.
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, '- a - b');
    fireEvent.blur(box);
    expect(box).toHaveValue('• a\n• b');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ description: '• a\n• b' });
  });
});
