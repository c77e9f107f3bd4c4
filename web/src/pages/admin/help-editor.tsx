import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { HelpSourceView } from '@/api/generated/app-router';
import { BackLink } from '@/components/back-link';
import { Card } from '@/components/page';
import { ErrorState, LoadingState, NotFoundState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Textarea } from '@/components/ui/textarea';
import { useAdminAccess } from '@/features/admin/access';
import { adminErrorText, appCodeOf, fieldErrorText, isStale } from '@/features/admin/errors';
import { formatWhen } from '@/lib/format';
import { helpSourceQuery, useSaveHelp } from '@/features/admin/api';
import { useTranslation } from '@/i18n';
import { useFieldMessage } from '@/lib/field-message';

const parentOf = (path: string) => path.split('/').slice(0, -1).join('/');

/** HelpEditor edits one section or article: its title and Markdown text in English and Estonian. */
export function HelpEditor({ path }: { path: string }) {
  const { t } = useTranslation('admin');
  const { data, isPending, isError, error, refetch } = useQuery(helpSourceQuery(path));
  const parent = parentOf(path);
  const back = parent ? `/admin/help?path=${encodeURIComponent(parent)}` : '/admin/help';
  if (isPending) return <LoadingState />;
  if (isError) {
    if (appCodeOf(error) === 'HELP_NOT_FOUND') return <NotFoundState message={t('helpEditor.notFound')} back={{ to: '/admin/help', label: t('helpEditor.top') }} />;
    return <ErrorState onRetry={() => void refetch()} />;
  }
  return (
    <>
      <BackLink to={back} label={t('helpEditor.tree')} />
      {/* A new key when another node opens: the form starts from that node's text. */}
      <EditForm key={data.path} node={data} reread={async () => (await refetch()).data} />
    </>
  );
}

type Lang = 'en' | 'et';

function EditForm({ node, reread }: { node: HelpSourceView; reread: () => Promise<HelpSourceView | undefined> }) {
  const { t, i18n } = useTranslation('admin');
  const { isAdmin } = useAdminAccess();
  const save = useSaveHelp();
  const [title, setTitle] = useState(node.title);
  const [body, setBody] = useState(node.body);
  const [saved, setSaved] = useState(false);
  // The version the text started from (a colleague's save in between refuses this one) and the reason.
  const [version, setVersion] = useState(node.version);
  const [note, setNote] = useState('');
  // The server's word about the field it refused (issue 26).
  const failure = useFieldMessage()(save.error);
  const titleError = failure?.field === 'title' ? failure.text : undefined;
  const bodyError = failure?.field === 'body' ? failure.text : undefined;
  const noteError = fieldErrorText(save.error, 'note', t); // no reason, or one too long
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate(
      { path: node.path, kind: node.kind, title, body, version, note: note.trim() },
      {
        onSuccess: () => {
          setSaved(true);
          setNote('');
          void reread().then((now) => now && setVersion(now.version));
        },
        // A colleague saved first: show their text (the alert says so); this edit is not kept.
        onError: async (err) => {
          if (!isStale(err)) return;
          const now = await reread();
          if (!now) return;
          setTitle(now.title);
          setBody(now.body);
          setVersion(now.version);
        },
      },
    );
  };
  const readerPath = node.kind === 'article' ? `/help/content/${node.path}` : `/help/list/${node.path}`;
  const langs: [Lang, string][] = [
    ['en', t('helpEditor.english')],
    ['et', t('helpEditor.estonian')],
  ];
  return (
    <Card>
      <form noValidate onSubmit={submit} className="grid gap-5" aria-label={t('helpEditor.edit')}>
        <p className="text-sm text-muted-foreground">
          {node.kind === 'article' ? t('helpEditor.article') : t('helpEditor.section')} · <code>{node.path}</code>
          {node.updatedAt && ` · ${t('helpEditor.updated', { date: formatWhen(node.updatedAt, i18n.language) })}`}
        </p>
        {!isAdmin && <Notice>{t('helpEditor.readOnly')}</Notice>}
        {save.isError && !titleError && !bodyError && !noteError && (
          <FormAlert>
            {isStale(save.error) || appCodeOf(save.error) === 'MISSING_NOTE' ? adminErrorText(save.error, t) : t('helpEditor.errors.failed')}
          </FormAlert>
        )}
        {saved && (
          <Notice tone="success">
            {t('helpEditor.saved')}{' '}
            <Link to={readerPath} className="underline underline-offset-4">
              {t('helpEditor.view')}
            </Link>
          </Notice>
        )}
        <div className="grid gap-5 lg:grid-cols-2">
          {langs.map(([lang, name]) => (
            <fieldset key={lang} lang={lang} className="grid content-start gap-4">
              <legend className="mb-2 font-semibold">{name}</legend>
              <Field label={`${t('helpEditor.title')} (${name})`} error={titleError}>
                {(control) => <Input {...control} name={`title-${lang}`} value={title[lang]} onChange={(e) => setTitle((v) => ({ ...v, [lang]: e.target.value }))} />}
              </Field>
              <Field label={`${t('helpEditor.body')} (${name})`} hint={t('helpEditor.bodyHint')} error={bodyError}>
                {(control) => (
                  <Textarea
                    {...control}
                    name={`body-${lang}`}
                    className="min-h-72 font-mono text-sm"
                    value={body[lang]}
                    onChange={(e) => setBody((v) => ({ ...v, [lang]: e.target.value }))}
                  />
                )}
              </Field>
            </fieldset>
          ))}
        </div>
        {isAdmin && (
          <Field label={t('effects.helpNote')} error={noteError}>
            {(control) => <Input {...control} name="note" value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />}
          </Field>
        )}
        {isAdmin && (
          <div>
            <Button type="submit" loading={save.isPending}>
              {t('helpEditor.save')}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
