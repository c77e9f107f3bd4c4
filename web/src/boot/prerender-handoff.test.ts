import { afterEach, describe, expect, it } from 'vitest';
import { finishHandoff, takeOverPrerender, typedBeforeStart } from './prerender-handoff';

const form = '<form><input name="email"><input name="password" type="password"></form>';

describe('prerender handoff', () => {
  afterEach(() => document.body.replaceChildren());

  it('carries typed values and the focused field over to the live form, then forgets them', () => {
    const root = document.createElement('div');
    root.innerHTML = form;
    root.setAttribute('data-prerendered', 'sign-in-en-US');
    document.body.append(root);
    root.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'mari@example.com';
    const password = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    password.value = 'secret-pass';
    password.focus();

    takeOverPrerender(root);
    // React replaces the prerendered elements with its own, reading the values first.
    expect(typedBeforeStart('email')).toBe('mari@example.com');
    expect(typedBeforeStart('password')).toBe('secret-pass');
    root.innerHTML = form;
    finishHandoff(root);

    expect(document.activeElement).toBe(root.querySelector('input[name="password"]'));
    expect(root.hasAttribute('data-prerendered')).toBe(false);
    expect(typedBeforeStart('email')).toBe('');
    expect(typedBeforeStart('password')).toBe('');
  });

  it('records nothing from an untouched page', () => {
    const root = document.createElement('div');
    root.innerHTML = form;
    document.body.append(root);
    takeOverPrerender(root);
    expect(typedBeforeStart('email')).toBe('');
    finishHandoff(root);
    expect(document.activeElement).toBe(document.body);
  });
});
