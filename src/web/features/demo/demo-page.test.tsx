// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { fakeApi } from '@/testing/fake-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDGE_CASES } from './mock/edge-cases';
import { DemoPage } from './demo-page';
import { DEMO_JOB_URL_MESSAGES } from './utils/validate-job-url';

function renderDemo() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/demo']}>
      <DemoPage />
    </MemoryRouter>,
  );
  return user;
}

describe('DemoPage', () => {
  beforeEach(() => {
    // The demo never calls the API: any call fails the test.
    fakeApi({});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has the three tabs and says the data is made up', async () => {
    const user = renderDemo();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Account Dropdown', 'Dummy Data', 'Edge Cases']);
    expect(screen.getByRole('complementary', { name: 'Demo data' })).toHaveTextContent('Demo data only.');

    await user.click(screen.getByRole('tab', { name: 'Dummy Data' }));
    const companies = screen.getByRole('table', { name: 'Companies' });
    for (const name of ['Google', 'Meta', 'Microsoft', 'Amazon', 'Walmart']) {
      expect(within(companies).getByRole('cell', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('table', { name: /Referrers/ })).toHaveTextContent('Pending Verification');
  });

  it('shows the account dropdown of the selected mock user', async () => {
    const user = renderDemo();
    await user.selectOptions(screen.getByLabelText('Mock user'), '2');
    await user.click(screen.getByRole('button', { name: /Account/ }));
    const menu = screen.getByRole('menu');
    expect(menu).toHaveTextContent('Jordan Lee');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toEqual(['Referrals Dashboard', 'Account Settings', 'Sign Out']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Account Settings' }));
    expect(screen.getByText('Account Settings would open /profile/edit.')).toBeInTheDocument();
  });

  it('validates a typed URL, and asks for one when empty', async () => {
    const user = renderDemo();
    await user.click(screen.getByRole('tab', { name: 'Edge Cases' }));
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a job URL to validate');

    await user.type(screen.getByLabelText('Job URL'), 'https://careers.google.com/jobs/results/42');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(screen.getByRole('status')).toHaveTextContent(DEMO_JOB_URL_MESSAGES.valid('Google'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('runs every quick test to its expected response', async () => {
    const user = renderDemo();
    await user.selectOptions(screen.getByLabelText('Mock user'), '3');
    await user.click(screen.getByRole('tab', { name: 'Edge Cases' }));
    for (const edgeCase of EDGE_CASES) {
      await user.click(screen.getByRole('button', { name: `Quick test: ${edgeCase.name}` }));
      expect(screen.getByLabelText('Job URL')).toHaveValue(edgeCase.testRecord.jobUrl);
      const result = screen.queryByRole('alert') ?? screen.getByRole('status');
      expect(result).toHaveTextContent(edgeCase.expectedResponse);
    }
    // Quick tests run as their own seeker.
    expect(screen.getByLabelText('Mock user')).toHaveValue('1');
  });
});
