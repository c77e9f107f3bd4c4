import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input';

const cellLabel = (i: number, n: number) => `Digit ${i} of ${n}`;

function setup() {
  const onComplete = vi.fn();
  const onChange = vi.fn();
  render(<CodeInput label="Verification code" cellLabel={cellLabel} onComplete={onComplete} onChange={onChange} />);
  const cells = screen.getAllByRole('textbox') as HTMLInputElement[];
  return { onComplete, onChange, cells };
}

describe('CodeInput (spec §5)', () => {
  it('is one labelled group of six numeric cells', () => {
    const { cells } = setup();
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
    expect(cells).toHaveLength(6);
    for (const c of cells) expect(c.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('textbox', { name: 'Digit 3 of 6' })).toBe(cells[2]);
    expect(cells[0]!.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('takes one digit per cell and moves on', () => {
    const { cells, onChange } = setup();
    fireEvent.change(cells[0]!, { target: { value: '4' } });
    expect(cells[0]!.value).toBe('4');
    expect(document.activeElement).toBe(cells[1]);
    expect(onChange).toHaveBeenLastCalledWith('4');
  });

  it('ignores anything but digits', () => {
    const { cells, onChange } = setup();
    fireEvent.change(cells[0]!, { target: { value: 'a' } });
    expect(cells[0]!.value).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('fills across the cells on paste and completes', () => {
    const { cells, onComplete } = setup();
    fireEvent.paste(cells[0]!, { clipboardData: { getData: () => ' 12-34 56 ' } });
    expect(cells.map((c) => c.value).join('')).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('fills from the focused cell when the paste is shorter than the code', () => {
    const { cells, onComplete } = setup();
    fireEvent.paste(cells[2]!, { clipboardData: { getData: () => '789' } });
    expect(cells.map((c) => c.value)).toEqual(['', '', '7', '8', '9', '']);
    expect(document.activeElement).toBe(cells[5]);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('accepts an autofilled code typed into one cell', () => {
    const { cells, onComplete } = setup();
    fireEvent.change(cells[0]!, { target: { value: '654321' } });
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('completes only when the last empty cell is filled', () => {
    const { cells, onComplete } = setup();
    '12345'.split('').forEach((d, i) => fireEvent.change(cells[i]!, { target: { value: d } }));
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(cells[5]!, { target: { value: '6' } });
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('goes back and clears the previous cell on Backspace in an empty cell', () => {
    const { cells, onChange } = setup();
    fireEvent.change(cells[0]!, { target: { value: '1' } });
    fireEvent.change(cells[1]!, { target: { value: '2' } });
    fireEvent.keyDown(cells[2]!, { key: 'Backspace' });
    expect(cells[1]!.value).toBe('');
    expect(document.activeElement).toBe(cells[1]);
    expect(onChange).toHaveBeenLastCalledWith('1');
  });
});
