import { ImagePlus } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import type { IssueView } from '@/api/generated/app-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation } from '@/i18n';
import { AppError } from '@/lib/errors';
import { useFieldMessage } from '@/lib/field-message';
import { useCreateIssue } from './api';
import { fieldLimits } from '@/lib/field-limits';
import { issueCategories, type IssueCategory as Category } from './categories';

const maxText = fieldLimits.issueText;

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
  const picker = useRef<HTMLInputElement>(null);
  // A field's message goes as soon as the field is fixed, not at the next Send (issue 28).
  const fixed = (field: FieldName) => setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));

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
          <Select
            {...control}
            name="category"
            value={category}
            onChange={(e) => {
              setCategory(e.target.value as Category);
              fixed('category');
            }}
          >
            {/* The label asks the question; the empty choice only says to choose. */}
            <option value="" disabled>
              {t('reports.choose')}
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
        {(control) => (
          <Textarea
            {...control}
            name="text"
            maxLength={maxText}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim()) fixed('text');
            }}
          />
        )}
      </Field>
      <Field label={t('reports.photo')} labelNote={t('reports.optional')} hint={t('reports.photoHint')} error={errors.photo}>
        {(control) => (
          // The browser's own file field cannot be styled: it stays the focusable, named
          // control (visually hidden), and the button-like face beside it opens it.
          <div className="flex flex-wrap items-center gap-3">
            <input
              {...control}
              ref={picker}
              key={sent}
              type="file"
              name="photo"
              accept="image/jpeg,image/png"
              className="peer sr-only"
              onChange={(e) => {
                setPhoto(e.target.files?.[0] ?? null);
                fixed('photo');
              }}
            />
            <span
              aria-hidden="true"
              className={buttonVariants({
                variant: 'outline',
                size: 'sm',
                className: 'cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
              })}
              onClick={() => picker.current?.click()}
            >
              <ImagePlus />
              {photo ? t('reports.photoChange') : t('reports.photoChoose')}
            </span>
            <span className="min-w-0 truncate text-sm text-muted-foreground" data-testid="photo-name">
              {photo ? photo.name : t('reports.photoNone')}
            </span>
          </div>
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
