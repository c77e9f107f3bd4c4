import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n } from '@/i18n';
import { ConfirmNoteDialog } from './confirm-note-dialog';

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US');
});

describe('ConfirmNoteDialog', () => {
  it('asks for the note before the call and passes it trimmed', () => {
    const onConfirm = vi.fn();
    render(<ConfirmNoteDialog open onClose={() => {}} title="Refund this order?" confirmLabel="Refund" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refund', hidden: true }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('Please write a note: it goes to the audit log.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Note (why)'), { target: { value: '  door broke  ' } });
    expect(screen.queryByText('Please write a note: it goes to the audit log.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refund', hidden: true }));
    expect(onConfirm).toHaveBeenCalledWith('door broke');
  });

  it('confirms at once when the action takes no note, and shows a failure', () => {
    const onConfirm = vi.fn();
    render(<ConfirmNoteDialog open noNote onClose={() => {}} title="Block?" confirmLabel="Block" error="Your role does not allow this action." onConfirm={onConfirm} />);
    expect(screen.queryByLabelText('Note (why)')).toBeNull();
    expect(screen.getByText('Your role does not allow this action.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Block', hidden: true }));
    expect(onConfirm).toHaveBeenCalledWith('');
  });

  it('starts with an empty note each time it opens', () => {
    const { rerender } = render(<ConfirmNoteDialog open onClose={() => {}} title="Free?" confirmLabel="Free" onConfirm={() => {}} />);
    fireEvent.change(screen.getByLabelText('Note (why)'), { target: { value: 'stuck' } });
    rerender(<ConfirmNoteDialog open={false} onClose={() => {}} title="Free?" confirmLabel="Free" onConfirm={() => {}} />);
    rerender(<ConfirmNoteDialog open onClose={() => {}} title="Free?" confirmLabel="Free" onConfirm={() => {}} />);
    expect((screen.getByLabelText('Note (why)') as HTMLTextAreaElement).value).toBe('');
  });
});
