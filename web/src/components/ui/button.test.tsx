import { fireEvent, render, screen } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is disabled, busy and shows a spinner while loading, and ignores clicks', () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button loading onClick={onClick}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('[data-slot="spinner"]')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is enabled without a spinner when not loading, and clicks reach it', () => {
    const onClick = vi.fn();
    const { container } = render(<Button onClick={onClick}>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(container.querySelector('[data-slot="spinner"]')).toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('stays disabled when told so, whether loading or not', () => {
    render(<Button disabled>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('shows only the spinner in an icon button while loading', () => {
    const { container } = render(
      <Button size="icon" loading aria-label="Close">
        <svg data-testid="icon" />
      </Button>,
    );
    expect(screen.queryByTestId('icon')).toBeNull();
    expect(container.querySelector('[data-slot="spinner"]')).not.toBeNull();
  });

  it('never submits a form unless it is the submit button', () => {
    const onSubmit = vi.fn((e: FormEvent) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Show password</Button>
        <Button type="submit">Sign in</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it.each([
    ['default', 'bg-primary'],
    ['destructive', 'bg-destructive'],
    ['outline', 'border-border'],
    ['secondary', 'bg-secondary'],
    ['ghost', 'hover:bg-accent'],
    ['link', 'underline-offset-4'],
  ] as const)('applies the %s variant (%s)', (variant, mark) => {
    render(<Button variant={variant}>Go</Button>);
    const classes = screen.getByRole('button', { name: 'Go' }).className.split(/\s+/);
    expect(classes).toContain(mark);
    // One variant at a time: the filled variants' backgrounds never mix.
    const fills = ['bg-primary', 'bg-destructive', 'bg-secondary'].filter((c) => classes.includes(c));
    expect(fills.length).toBeLessThanOrEqual(1);
  });

  it.each([
    ['default', 'h-10'],
    ['xs', 'h-7'],
    ['sm', 'h-8'],
    ['lg', 'h-12'],
    ['icon', 'size-10'],
  ] as const)('applies the %s size (%s) and keeps the caller’s classes', (size, mark) => {
    render(
      <Button size={size} className="w-full" aria-label="Go">
        Go
      </Button>,
    );
    const classes = screen.getByRole('button', { name: 'Go' }).className.split(/\s+/);
    expect(classes).toContain(mark);
    expect(classes).toContain('w-full');
  });
});
