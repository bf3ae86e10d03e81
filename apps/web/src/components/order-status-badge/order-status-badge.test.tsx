import { ORDER_STATUSES, type OrderStatus } from '@ember/contracts/order-status';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge } from './order-status-badge.tsx';

/** Spec §4 order status colouring (cancelled: danger, the first of the notes' two readings). */
const EXPECTED: Record<OrderStatus, { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'pending' },
  awaiting_payment: { label: 'Awaiting payment', tone: 'pending' },
  payment_received: { label: 'Payment received', tone: 'pending' },
  processing: { label: 'Processing', tone: 'pending' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
  disputed: { label: 'Disputed', tone: 'danger' },
  expired: { label: 'Expired', tone: 'expired' },
};

describe('OrderStatusBadge', () => {
  it.each(ORDER_STATUSES)('shows %s in words with the colour of spec §4', (status) => {
    render(<OrderStatusBadge status={status} />);
    const badge = screen.getByText(EXPECTED[status].label);
    expect(badge.getAttribute('data-status')).toBe(status);
    expect(badge.getAttribute('data-tone')).toBe(EXPECTED[status].tone);
    // The colour comes from the tone's class, shared with every other status badge.
    expect(badge.className).toContain(EXPECTED[status].tone);
  });
});
