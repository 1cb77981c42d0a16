import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadPurpose, uploadMedia } from '../../lib/console-files.ts';
import { useConsoleMutation } from './console-form.tsx';
import { labelClass } from './fields.tsx';
import { ErrorNote } from './page.tsx';

const ACCEPT: Record<UploadPurpose, string> = {
  image: 'image/png,image/jpeg,image/webp,image/svg+xml',
  video: 'video/mp4,video/webm',
  pdf: 'application/pdf',
};

/** Uploads a file to /api/admin/media; the server checks its bytes and size (product §11.5). */
export function MediaUpload({
  label,
  purpose,
  value,
  onChange,
}: {
  label: string;
  purpose: UploadPurpose;
  value: string | null;
  onChange: (mediaId: string | null) => void;
}) {
  const { t } = useTranslation('console');
  const id = useId();
  const upload = useConsoleMutation((file: File) => uploadMedia(purpose, file), {
    onSuccess: (r) => onChange(r.mediaId),
  });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        {value && purpose === 'image' && (
          <img
            src={`/files/${value}`}
            alt=""
            className="size-12 rounded-lg border border-line object-cover"
          />
        )}
        {value && purpose !== 'image' && (
          <a
            href={`/files/${value}`}
            target="_blank"
            rel="noreferrer"
            className="text-sm text-accent underline"
          >
            {t('media.view')}
          </a>
        )}
        <input
          id={id}
          type="file"
          accept={ACCEPT[purpose]}
          className="text-sm file:mr-2 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-white"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
          }}
        />
        {upload.isPending && <span className="text-xs text-muted">{t('media.uploading')}</span>}
        {value && (
          <button type="button" className="text-xs text-muted underline" onClick={() => onChange(null)}>
            {t('common.remove')}
          </button>
        )}
      </div>
      <ErrorNote error={upload.error} />
    </div>
  );
}
