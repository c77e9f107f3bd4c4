import { afterEach, describe, expect, it } from 'vitest';
import { takeOverPrerender, typedBeforeStart } from './prerender-handoff';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('takeOverPrerender', () => {
  afterEach(() => document.body.replaceChildren());

  it('carries typed values and the focused field over to the live form, then forgets them', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<form><input name="email"><input name="password" type="password"></form>';
    document.body.append(root);
    const email = root.querySelector<HTMLInputElement>('input[name="email"]')!;
    const password = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    email.value = 'mari@example.com';
    password.value = 'secret-pass';
    password.focus();

    const settle = takeOverPrerender(root);
    expect(typedBeforeStart('email')).toBe('mari@example.com');
    expect(typedBeforeStart('password')).toBe('secret-pass');

    // React replaces the prerendered elements with its own.
    root.innerHTML = '<form><input name="email"><input name="password" type="password"></form>';
    settle();
    await nextFrame();
    expect(document.activeElement).toBe(root.querySelector('input[name="password"]'));
    expect(typedBeforeStart('email')).toBe('');
    expect(typedBeforeStart('password')).toBe('');
  });

  it('records nothing from an untouched page', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<input name="email">';
    document.body.append(root);
    const settle = takeOverPrerender(root);
    expect(typedBeforeStart('email')).toBe('');
    settle();
    await nextFrame();
    expect(document.activeElement).toBe(document.body);
  });
});
