import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('gives the live form what was typed after the render began, then carries out a held click and submit', async () => {
    const root = document.createElement('div');
    root.innerHTML = form + '<button type="button">show</button>';
    root.setAttribute('data-prerendered', 'sign-in-en-US');
    document.body.append(root);
    const email = root.querySelector<HTMLInputElement>('input[name="email"]')!;
    email.value = 'mari@';
    takeOverPrerender(root);
    expect(typedBeforeStart('email')).toBe('mari@');
    email.value = 'mari@example.com'; // typed while React renders
    root.querySelector<HTMLInputElement>('input[name="password"]')!.focus();
    root.setAttribute('data-clicks', '0 ');
    root.setAttribute('data-submitted', '');

    // The live screen, as React renders it from typedBeforeStart.
    root.innerHTML = form + '<button type="button">show</button>';
    const live = root.querySelector<HTMLInputElement>('input[name="email"]')!;
    live.value = 'mari@';
    const heard: string[] = [];
    live.addEventListener('input', () => heard.push(live.value));
    const clicked = vi.fn();
    root.querySelector('button')!.addEventListener('click', clicked);
    const submitted = vi.fn((e: Event) => e.preventDefault());
    root.querySelector('form')!.addEventListener('submit', submitted);
    finishHandoff(root);

    expect(live.value).toBe('mari@example.com');
    expect(heard).toEqual(['mari@example.com']); // as typing: React's onChange hears it
    expect(document.activeElement).toBe(root.querySelector('input[name="password"]'));
    expect(root.hasAttribute('data-clicks') || root.hasAttribute('data-submitted')).toBe(false);
    expect(submitted).not.toHaveBeenCalled(); // in the next task, once React has rendered the values
    await vi.waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(clicked).toHaveBeenCalledTimes(1);
  });
});
