import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, buttonVariants } from './button';

describe('Button', () => {
  it('is disabled and shows a spinner while loading', () => {
    const { container } = render(<Button loading>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('[data-slot="spinner"]')).not.toBeNull();
  });

  it('is enabled without a spinner when not loading', () => {
    const { container } = render(<Button>Pay</Button>);
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveProperty('disabled', false);
    expect(container.querySelector('[data-slot="spinner"]')).toBeNull();
  });

  it('defaults to type="button" so it never submits a form by accident', () => {
    render(<Button>Go</Button>);
    expect(screen.getByRole('button').getAttribute('type')).toBe('button');
  });

  it.each(['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const)(
    'has distinct classes for the %s variant',
    (variant) => {
      const others = (['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const).filter(
        (v) => v !== variant,
      );
      const mine = buttonVariants({ variant });
      for (const other of others) expect(buttonVariants({ variant: other })).not.toBe(mine);
    },
  );

  it.each(['default', 'xs', 'sm', 'lg', 'icon'] as const)('has distinct classes for the %s size', (size) => {
    const mine = buttonVariants({ size });
    for (const other of (['default', 'xs', 'sm', 'lg', 'icon'] as const).filter((s) => s !== size)) {
      expect(buttonVariants({ size: other })).not.toBe(mine);
    }
  });
});
