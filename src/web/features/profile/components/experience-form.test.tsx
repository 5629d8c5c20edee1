// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ExperienceForm } from './experience-form';
import { anExperience } from '@/testing/profile-edit-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

const year = new Date().getFullYear();

beforeEach(stubBrowserApis);

function renderForm(props: Partial<Parameters<typeof ExperienceForm>[0]> = {}) {
  const onSave = vi.fn();
  render(<ExperienceForm order={3} saving={false} onSave={onSave} {...props} />);
  return { onSave, user: userEvent.setup() };
}

describe('ExperienceForm', () => {
  it('shows the messages of docs/product.md, Validation for the three required fields and does not save', async () => {
    const { onSave, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save Experience' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Job title is required')).toBeInTheDocument();
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Company name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('treats whitespace-only names as missing', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByLabelText('Company name'), '   ');
    await user.type(screen.getByLabelText('Job title'), '  ');
    await user.click(screen.getByRole('button', { name: 'Save Experience' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Job title is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('needs both halves of the start date', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByLabelText('Company name'), 'Acme');
    await user.type(screen.getByLabelText('Job title'), 'Engineer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Start month' }), 'March');
    await user.click(screen.getByRole('button', { name: 'Save Experience' }));
    expect(await screen.findByText('Start date is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('offers the current year and the 49 before it, newest first', () => {
    renderForm();
    const years = screen
      .getByRole('combobox', { name: 'Start year' })
      .querySelectorAll('option:not([value=""])');
    expect(years).toHaveLength(50);
    expect(years[0]).toHaveTextContent(String(year));
    expect(years[49]).toHaveTextContent(String(year - 49));
    expect(screen.getByRole('combobox', { name: 'Start month' }).querySelectorAll('option')).toHaveLength(13);
  });

  it('saves trimmed values with dates as the first of the chosen month', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByLabelText('Company name'), '  Acme  ');
    await user.type(screen.getByLabelText('Job title'), 'Engineer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Start month' }), 'March');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Start year' }), String(year - 2));
    await user.selectOptions(screen.getByRole('combobox', { name: 'End month' }), 'November');
    await user.selectOptions(screen.getByRole('combobox', { name: 'End year' }), String(year - 1));
    await user.click(screen.getByRole('button', { name: 'Save Experience' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      companyName: 'Acme',
      jobTitle: 'Engineer',
      startDate: `${year - 2}-03-01`,
      endDate: `${year - 1}-11-01`,
      currentlyWorking: false,
      description: null,
      order: 3,
    });
  });

  it("'I currently work here' disables the end-date selects, shows Present and saves no end date", async () => {
    const { onSave, user } = renderForm({
      experience: anExperience({ currentlyWorking: false, endDate: '2023-05-01' }),
    });
    const endMonth = screen.getByRole('combobox', { name: 'End month' });
    const endYear = screen.getByRole('combobox', { name: 'End year' });
    expect(endMonth).toHaveDisplayValue('May');
    expect(endMonth).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'I currently work here' }));
    expect(endMonth).toBeDisabled();
    expect(endYear).toBeDisabled();
    expect(endMonth).toHaveDisplayValue('Present');

    await user.click(screen.getByRole('button', { name: 'Save Experience' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ currentlyWorking: true, endDate: null, order: 0 });

    // Unticking brings the earlier end date back.
    await user.click(screen.getByRole('checkbox', { name: 'I currently work here' }));
    expect(endMonth).toBeEnabled();
    expect(endMonth).toHaveDisplayValue('May');
    expect(endYear).toHaveDisplayValue('2023');
  });

  it('refuses an end date before the start date', async () => {
    const { onSave, user } = renderForm({
      experience: anExperience({ currentlyWorking: false, startDate: '2022-05-01', endDate: '2021-01-01' }),
    });
    await user.click(screen.getByRole('button', { name: 'Save Experience' }));
    expect(await screen.findByText('End date cannot be before the start date')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('starts from the edited item and reads Saving... while saving', () => {
    renderForm({ experience: anExperience({ description: '• Shipped' }), saving: true });
    expect(screen.getByLabelText('Company name')).toHaveValue('Acme');
    expect(screen.getByRole('combobox', { name: 'Start month' })).toHaveDisplayValue('January');
    expect(screen.getByRole('combobox', { name: 'Start year' })).toHaveDisplayValue('2020');
    expect(screen.getByRole('checkbox', { name: 'I currently work here' })).toBeChecked();
    expect(screen.getByLabelText(/Description/)).toHaveValue('• Shipped');
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });
});
