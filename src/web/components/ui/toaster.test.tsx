// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from './toaster';
import { toast } from './use-toast';

describe('Toaster', () => {
  it('shows toasts at the bottom at every width, where they cover neither the bell nor the account menu', async () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Preferences updated' }));
    expect(await screen.findByText('Preferences updated')).toBeInTheDocument();
    const viewport = screen.getByRole('region').querySelector('ol');
    expect(viewport).toHaveClass('fixed', 'bottom-0');
    expect(viewport?.className).not.toMatch(/(^|\s)top-0/);
  });
});
