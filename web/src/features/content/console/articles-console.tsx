import type { AdminArticle } from '@paddock/contracts/api/admin-content';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consoleKeys } from '../../../lib/console-api.ts';
import { ConsoleForm, useConsoleMutation, useSaveMutation } from '../../../ui/console/console-form.tsx';
import { EditableTable, type EditorSectionProps } from '../../../ui/console/editing.tsx';
import { formatDateTime } from '../../../ui/console/dates.ts';
import { DateTimeField, Field, FieldGrid, TextArea } from '../../../ui/console/fields.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';

import { useFormFields } from '../../../ui/console/use-form-fields.ts';
import { contentConsoleApi, contentConsoleKeys } from './content-console-api.ts';

function ArticleForm({ article, onDone }: { article: AdminArticle | null; onDone: () => void }) {
  const { t } = useTranslation('content-console');
  const f = useFormFields(() => ({
    slug: article?.slug ?? '',
    title: article?.title ?? '',
    summary: article?.summary ?? '',
    bodyHtml: article?.bodyHtml ?? '<p></p>',
    coverMediaId: article?.coverMediaId ?? null,
    value: article?.value ?? 10,
    publishedAt: article?.publishedAt ?? (new Date().toISOString() as string | null),
  }));
  const save = useSaveMutation(
    () =>
      contentConsoleApi.saveArticle(article?.id ?? null, {
        ...f.values,
        publishedAt: f.values.publishedAt ?? new Date().toISOString(),
      }),
    { invalidate: [contentConsoleKeys.articles], onSuccess: onDone },
  );
  return (
    <ConsoleForm save={save} onCancel={onDone}>
      <FieldGrid columns={4}>
        <Field label={t('content.title')} {...f.text('title')} required />
        <Field label={t('content.slug')} pattern="[a-z0-9]+(-[a-z0-9]+)*" {...f.text('slug')} required />
        <Field label={t('content.points')} min={0} {...f.number('value')} />
        <DateTimeField label={t('content.published')} {...f.value('publishedAt')} />
      </FieldGrid>
      <TextArea label={t('content.summary')} {...f.text('summary')} />
      <TextArea
        label={t('content.body')}
        hint={t('content.bodyHint')}
        {...f.text('bodyHtml')}
        className="[&_textarea]:min-h-48 [&_textarea]:font-mono"
      />
      <MediaUpload label={t('content.cover')} purpose="image" {...f.value('coverMediaId')} />
    </ConsoleForm>
  );
}

/** The articles tab: HTML articles (sanitised on the server) with their points (product §11.4). */
export function ArticlesConsole(props: EditorSectionProps) {
  const { t } = useTranslation('content-console');
  const { t: tc } = useTranslation('console');
  const articles = useQuery({ queryKey: contentConsoleKeys.articles, queryFn: contentConsoleApi.articles });
  const remove = useConsoleMutation(contentConsoleApi.deleteArticle, { invalidate: [consoleKeys.all] });
  return (
    <EditableTable
      {...props}
      error={remove.error ?? articles.error}
      items={articles.data?.items}
      itemKey={(a) => a.id}
      form={(article) => <ArticleForm article={article} onDone={props.onDone} />}
      columns={[
        { head: t('content.title'), cell: (a) => a.title },
        { head: t('content.slug'), className: 'font-mono text-xs', cell: (a) => a.slug },
        { head: t('content.points'), cell: (a) => a.value },
        { head: t('content.published'), cell: (a) => formatDateTime(a.publishedAt) },
      ]}
      removeLabel={tc('common.delete')}
      confirmText={t('content.deleteConfirm')}
      onRemove={(a) => () => remove.mutate(a.id)}
    />
  );
}
