// @vitest-environment jsdom
import { RESUME_MAX_BYTES } from '@shared/profile';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { aResume, fakeProfileApi, renderWithClient } from '@/testing/profile-edit-test-utils';
import { ResumePanel } from './resume-panel';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

beforeEach(() => vi.mocked(toast).mockClear());

const pdf = (name = 'cv.pdf', size?: number) => {
  const file = new File(['%PDF-1.4\n%%EOF'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('ResumePanel', () => {
  it('says PDF only, up to 5MB, accepts PDFs only, and uploads the chosen file', async () => {
    const api = fakeProfileApi();
    renderWithClient(<ResumePanel />);
    expect(screen.getByText('PDF only, up to 5MB')).toBeInTheDocument();
    expect(await screen.findByText('No resume uploaded yet.')).toBeInTheDocument();
    const input = screen.getByLabelText('Upload resume');
    expect(input).toHaveAttribute('accept', 'application/pdf,.pdf');

    await userEvent.upload(input, pdf('Ada Lovelace CV.pdf'));
    expect(await screen.findByText('Ada Lovelace CV.pdf')).toBeInTheDocument();
    const upload = api.writes()[0]!;
    expect(upload.path).toBe('/api/user/resume');
    expect(upload.body instanceof FormData && (upload.body.get('resume') as File).name).toBe(
      'Ada Lovelace CV.pdf',
    );
    expect(toast).toHaveBeenCalledWith({ title: 'Success', description: 'Your resume has been uploaded.' });
    expect(screen.getByLabelText('Replace resume')).toBeInTheDocument();
  });

  it('shows the active resume with its upload date and a View link in a new tab', async () => {
    fakeProfileApi({ resume: aResume() });
    renderWithClient(<ResumePanel />);
    expect(await screen.findByText('ada.pdf')).toBeInTheDocument();
    expect(screen.getByText('Uploaded Jan 5, 2025')).toBeInTheDocument();
    const view = screen.getByRole('link', { name: 'View ada.pdf' });
    // The server's download route (api-routes.ts), which the fake's resume carries.
    expect(view).toHaveAttribute('href', '/api/resumes/1/file');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("shows the server's sentence when the upload is refused, and keeps the old resume", async () => {
    const api = fakeProfileApi({ resume: aResume() });
    api.overrides.set(
      'POST /api/user/resume',
      () => new Response(JSON.stringify({ error: 'Only PDF files can be uploaded.' }), { status: 415 }),
    );
    renderWithClient(<ResumePanel />);
    await screen.findByText('ada.pdf');
    await userEvent.upload(screen.getByLabelText('Replace resume'), pdf('fake.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only PDF files can be uploaded.');
    expect(screen.getByText('ada.pdf')).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
  });

  it('does not send a file over 5MB', async () => {
    const api = fakeProfileApi();
    renderWithClient(<ResumePanel />);
    await screen.findByText('No resume uploaded yet.');
    await userEvent.upload(screen.getByLabelText('Upload resume'), pdf('big.pdf', RESUME_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('larger than 5MB');
    await waitFor(() => expect(api.writes()).toEqual([]));
  });
});
