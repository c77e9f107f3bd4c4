import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { helpHref, helpLang, pick } from '../lang';
import { HelpHTML } from './help-html';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(html: string) {
  return render(
    <MemoryRouter initialEntries={['/help/content/a/b']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <HelpHTML html={html} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('HelpHTML', () => {
  it('follows an in-app link through the router', () => {
    renderAt('<p>See <a href="/help/content/renting/booking/choose-a-locker">choosing</a>.</p>');
    fireEvent.click(screen.getByRole('link', { name: 'choosing' }));
    expect(screen.getByTestId('where').textContent).toBe('/help/content/renting/booking/choose-a-locker');
  });

  it('leaves links to other sites to the browser', () => {
    renderAt('<p><a href="https://example.com/x">away</a> <a href="//evil.example/x">proto</a></p>');
    // Runs after HelpHTML's handler: notes whether it took the click, then keeps
    // jsdom from trying to load the page.
    const taken: boolean[] = [];
    const note = (e: MouseEvent) => {
      taken.push(e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener('click', note);
    fireEvent.click(screen.getByRole('link', { name: 'away' }));
    fireEvent.click(screen.getByRole('link', { name: 'proto' }));
    document.removeEventListener('click', note);
    expect(taken).toEqual([false, false]);
    expect(screen.getByTestId('where').textContent).toBe('/help/content/a/b');
  });
});

describe('help lang helpers', () => {
  it('maps the app language and builds addresses', () => {
    expect(helpLang('et')).toBe('et');
    expect(helpLang('en-US')).toBe('en');
    expect(pick({ en: 'Door', et: 'Uks' }, 'et')).toBe('Uks');
    expect(helpHref({ path: 'a/b', kind: 'section' })).toBe('/help/list/a/b');
    expect(helpHref({ path: 'a/b/c', kind: 'article' })).toBe('/help/content/a/b/c');
  });
});
