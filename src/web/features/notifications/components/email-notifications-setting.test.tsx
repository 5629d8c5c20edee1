// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNotificationsApi, renderWithApp } from '@/testing/notifications-test-utils';
import { EmailNotificationsSetting } from './email-notifications-setting';

afterEach(() => vi.unstubAllGlobals());

describe('EmailNotificationsSetting', () => {
  it('shows the saved setting and turns email off and on again', async () => {
    const api = fakeNotificationsApi([]);
    renderWithApp(<EmailNotificationsSetting />);
    const box = screen.getByRole('checkbox', { name: 'Email me my notifications' });
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    await waitFor(() => expect(box).toBeEnabled());
    expect(api.calls).toContain('PUT /api/user/settings');
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
  });

  it('starts unchecked for a user who turned email off', async () => {
    fakeNotificationsApi([], { emailNotifications: false });
    renderWithApp(<EmailNotificationsSetting />);
    const box = screen.getByRole('checkbox', { name: 'Email me my notifications' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
  });
});
