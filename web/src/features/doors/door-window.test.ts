import { describe, expect, it } from 'vitest';
import { doorWindow } from './door-window';

const start = Date.parse('2026-11-25T10:00:00Z');
const end = Date.parse('2026-11-25T12:00:00Z');
const order = { status: 'booked' as const, start: new Date(start).toISOString(), end: new Date(end).toISOString() };

describe('doorWindow', () => {
  it('offers the door only inside the paid order’s timeframe, as the server opens it', () => {
    expect(doorWindow(order, start - 1)).toBe('early');
    expect(doorWindow(order, start)).toBe('now');
    expect(doorWindow({ ...order, status: 'extended' }, end - 1)).toBe('now');
    expect(doorWindow(order, end)).toBe('closed');
    expect(doorWindow({ ...order, status: 'unpaid' }, start + 1)).toBe('closed');
    expect(doorWindow({ ...order, status: 'cancelled' }, start + 1)).toBe('closed');
  });
});
