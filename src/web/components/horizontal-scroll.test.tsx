// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HorizontalScroll } from './horizontal-scroll';

/** jsdom lays nothing out: give every element the box sizes a browser would measure. */
function layout({ scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => vi.restoreAllMocks());

const shade = (side: 'left' | 'right') => document.querySelector(`[data-shade="${side}"]`);

describe('HorizontalScroll', () => {
  it('is a named region that takes focus, so keyboard users can scroll it', () => {
    layout({ scrollWidth: 300, clientWidth: 300 });
    render(
      <HorizontalScroll label="Pending Referrals table">
        <table />
      </HorizontalScroll>,
    );
    const region = screen.getByRole('region', { name: 'Pending Referrals table' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('says nothing and shades nothing when everything fits', () => {
    layout({ scrollWidth: 300, clientWidth: 300 });
    render(
      <HorizontalScroll label="Requests table">
        <table />
      </HorizontalScroll>,
    );
    expect(screen.queryByText('Scroll sideways to see more')).not.toBeInTheDocument();
    expect(shade('left')).not.toHaveAttribute('data-shown');
    expect(shade('right')).not.toHaveAttribute('data-shown');
  });

  it('when it overflows, shades the edge with more beyond it and says to scroll sideways', () => {
    layout({ scrollWidth: 600, clientWidth: 300 });
    render(
      <HorizontalScroll label="Requests table">
        <table />
      </HorizontalScroll>,
    );
    const region = screen.getByRole('region', { name: 'Requests table' });
    const hint = screen.getByText('Scroll sideways to see more');
    expect(region).toHaveAttribute('aria-describedby', hint.id);
    expect(shade('left')).not.toHaveAttribute('data-shown');
    expect(shade('right')).toHaveAttribute('data-shown', 'true');

    act(() => {
      region.scrollLeft = 300;
      fireEvent.scroll(region);
    });
    expect(shade('left')).toHaveAttribute('data-shown', 'true');
    expect(shade('right')).not.toHaveAttribute('data-shown');
    expect(screen.getByText('Scroll sideways to see more')).toBeInTheDocument();
  });
});
