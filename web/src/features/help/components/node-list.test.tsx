import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n } from '@/i18n';
import { NodeList } from './node-list';

beforeAll(async () => {
  await initI18n();
});

describe('NodeList', () => {
  it.each([
    ['en-US', 'There is nothing in this section yet.', 'Report a problem'],
    ['et', 'Selles jaotises pole veel midagi.', 'Teata probleemist'],
  ] as const)('says an empty section is empty and leads to asking the operators (%s)', async (lng, text, action) => {
    await i18n.changeLanguage(lng);
    render(
      <MemoryRouter>
        <NodeList nodes={[]} label="Topics" />
      </MemoryRouter>,
    );
    expect(screen.getByText(text, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: action }).getAttribute('href')).toBe('/issues');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
