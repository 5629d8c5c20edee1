// @vitest-environment jsdom
import { DECLINE_REASON_SENTENCES } from '@shared/referral-texts';
import { type TimelineEntry } from '@shared/referrals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RequestTimeline } from './request-timeline';

const step = (
  kind: TimelineEntry['kind'],
  referrerFirstName: string | null,
  note: string | null = null,
  declineReason: TimelineEntry['declineReason'] = null,
): TimelineEntry => ({ kind, at: '2026-11-24T10:00:00.000Z', referrerFirstName, note, declineReason });

const timeline: TimelineEntry[] = [
  step('requested', null),
  step('assigned', 'Rita'),
  step('declined', 'Rita', 'Not my team.', 'team_not_hiring'),
  step('assigned', 'Nina'),
  step('accepted', 'Nina', 'Happy to refer you.'),
  step('submitted', 'Nina', 'Candidate id 4711.'),
];

describe('RequestTimeline', () => {
  it('folds the steps under one line and shows each with its own note when opened', async () => {
    render(<RequestTimeline timeline={timeline} viewer="seeker" />);
    const summary = screen.getByText('Timeline (6 steps)');
    expect(screen.getByRole('list', { name: 'Timeline', hidden: true })).not.toBeVisible();
    await userEvent.click(summary);
    const list = screen.getByRole('list', { name: 'Timeline' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/Nov 24, 2026, \d\d:\d\d/, '').trim());
    expect(items).toEqual([
      'Requested',
      'Assigned to Rita',
      `Declined (Rita) ${DECLINE_REASON_SENTENCES.team_not_hiring}“Not my team.”`,
      'Assigned to Nina',
      'Accepted (Nina) “Happy to refer you.”',
      'Submitted to the company (Nina) “Candidate id 4711.”',
    ]);
  });

  it("reads as the referrer's own steps on their card", async () => {
    render(
      <RequestTimeline timeline={[step('requested', null), step('assigned', 'Nina')]} viewer="referrer" />,
    );
    await userEvent.click(screen.getByText('Timeline (2 steps)'));
    expect(screen.getByText('Assigned to you')).toBeInTheDocument();
    expect(screen.queryByText(/Nina/)).not.toBeInTheDocument();
  });

  it('shows nothing without steps', () => {
    const { container } = render(<RequestTimeline timeline={[]} viewer="seeker" />);
    expect(container).toBeEmptyDOMElement();
  });
});
