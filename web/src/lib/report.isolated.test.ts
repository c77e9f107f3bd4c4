import { describe, expect, it, vi } from 'vitest';
import { reportError, setReporter, whenFirstReported } from './report';

// One story in order: the module keeps its state for the page's life.
describe('reportError before and after Sentry', () => {
  it('drops errors while no reporter is expected, keeps them once one is, and sends them when it comes', () => {
    reportError(new Error('before anyone listens'));

    const start = vi.fn();
    whenFirstReported(start);
    expect(start).not.toHaveBeenCalled();
    const first = new Error('first');
    reportError(first);
    expect(start).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) reportError(new Error(`loop ${i}`));
    expect(start).toHaveBeenCalledTimes(1);

    const sent: unknown[] = [];
    setReporter((e) => sent.push(e));
    expect(sent).toHaveLength(10);
    expect(sent[0]).toBe(first);

    const later = new Error('later');
    reportError(later);
    expect(sent.at(-1)).toBe(later);
  });
});
