import { useState, type FormEvent } from 'react';
import type { IssueView } from '@/api/generated/app-router';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation } from '@/i18n';
import { AppError } from '@/lib/errors';
import { useFieldMessage } from '@/lib/field-message';
import { useCreateIssue } from './api';
import { issueCategories, type IssueCategory as Category } from './categories';

const maxText = 2000;

type FieldName = 'category' | 'text' | 'photo';
type Errors = Partial<Record<FieldName | 'form', string>>;

/**
 * ReportForm files a problem: a category, a text and maybe a photo, about an
 * order locker when one is given. The server checks everything (the photo by
 * its bytes); its answer is shown at the field it names.
 */
export function ReportForm({ orderLockerUuid, onSent }: { orderLockerUuid?: string; onSent?: (issue: IssueView) => void }) {
  const { t } = useTranslation('help');
  const create = useCreateIssue();
  const fieldMessage = useFieldMessage();
  const [category, setCategory] = useState<Category | ''>('');
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  // A file input cannot be cleared by state: a new key gives a fresh one after a report is sent.
  const [sent, setSent] = useState(0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    if (!category) local.category = t('reports.errors.category');
    if (!text.trim()) local.text = t('reports.errors.text');
    setErrors(local);
    if (!category || Object.keys(local).length) return;
    create.mutate(
      { category, text, photo, orderLockerUuid },
      {
        onSuccess: (issue) => {
          setCategory('');
          setText('');
          setPhoto(null);
          setSent((n) => n + 1);
          onSent?.(issue);
        },
        onError: (err) => setErrors(errorsFor(AppError.from(err))),
      },
    );
  };

  // The server's own message wherever it gave one (issue 26); the photo upload is not
  // a tRPC call and answers with a code only.
  function errorsFor(err: AppError): Errors {
    const said = fieldMessage(err)?.text;
    switch (err.field) {
      case 'category':
        return { category: said ?? t('reports.errors.category') };
      case 'text':
        return { text: said ?? t('reports.errors.text') };
      case 'photo':
      case 'photoRef':
        return { photo: said ?? t('reports.errors.photo') };
      case 'orderLockerUuid':
        return { form: t('reports.errors.locker') };
    }
    return { form: t('reports.errors.failed') };
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('reports.new')}>
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      <Field label={t('reports.category')} error={errors.category}>
        {(control) => (
          <Select {...control} name="category" value={category} onChange={(e) => setCategory(e.target.value as Category)}>
            <option value="" disabled>
              {t('reports.category')}
            </option>
            {issueCategories.map((c) => (
              <option key={c} value={c}>
                {t(`reports.categories.${c}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('reports.text')} hint={t('reports.textHint', { max: maxText })} error={errors.text}>
        {(control) => <Textarea {...control} name="text" maxLength={maxText} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <Field label={t('reports.photo')} labelNote={t('reports.optional')} hint={t('reports.photoHint')} error={errors.photo}>
        {(control) => (
          <Input
            {...control}
            key={sent}
            type="file"
            name="photo"
            accept="image/jpeg,image/png"
            className="h-auto py-2"
            onChange={(e) => {
              setPhoto(e.target.files?.[0] ?? null);
              setErrors((prev) => ({ ...prev, photo: undefined }));
            }}
          />
        )}
      </Field>
      <div>
        <Button type="submit" loading={create.isPending}>
          {t('reports.send')}
        </Button>
      </div>
    </form>
  );
}
