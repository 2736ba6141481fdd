import { useId, useRef, useState, type DragEvent } from 'react';
import { IMAGE_FIELD, IMAGE_TYPES, type UploadedImage } from '@storefront/contract';
import { api, ApiError } from '../lib/api-client';

type ImageUploadProps = {
  /** The picture's URL now (typed or uploaded), shown as a preview. */
  url: string;
  onUploaded: (image: UploadedImage) => void;
};

const ACCEPT = IMAGE_TYPES.join(',');

/**
 * A picture dropped here or chosen with the file picker goes to the server, which checks it,
 * stores it as WebP in several widths and answers its URL; the form's URL field then holds it.
 * Typing a URL still works beside it, as the specification's form has it.
 */
export function ImageUpload({ url, onUploaded }: ImageUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'over' | 'uploading'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [srcset, setSrcset] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setError('Choose a JPEG, PNG or WebP picture.');
      return;
    }
    setState('uploading');
    const form = new FormData();
    form.append(IMAGE_FIELD, file);
    try {
      const image = await api<UploadedImage>('/staff/images', {
        method: 'POST',
        auth: true,
        body: form,
      });
      setSrcset(image.srcset);
      onUploaded(image);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The picture could not be uploaded.');
    } finally {
      setState('idle');
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    void upload(e.dataTransfer.files[0]);
  };

  return (
    <div className="mb-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setState((s) => (s === 'uploading' ? s : 'over'));
        }}
        onDragLeave={() => setState((s) => (s === 'over' ? 'idle' : s))}
        onDrop={onDrop}
        data-testid="image-drop"
        className={`flex flex-wrap items-center gap-4 rounded-box border-2 border-dashed p-4 ${
          state === 'over' ? 'border-primary bg-primary/5' : 'border-base-300'
        }`}
      >
        {url ? (
          <img
            src={url}
            srcSet={srcset ?? undefined}
            sizes="96px"
            alt="The part's picture"
            className="h-24 w-24 rounded object-contain"
          />
        ) : (
          <div className="flex h-24 w-24 items-center justify-center rounded bg-base-200 text-xs">
            No picture
          </div>
        )}
        <div className="text-sm">
          <p>Drop a picture here, or</p>
          <label htmlFor={inputId} className="btn btn-outline btn-sm mt-1">
            {state === 'uploading' && (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            )}
            Choose a file
          </label>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-describedby={`${inputId}-hint`}
            disabled={state === 'uploading'}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
          <p id={`${inputId}-hint`} className="mt-1 opacity-80">
            JPEG, PNG or WebP. It is resized for phones and screens.
          </p>
        </div>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {state === 'uploading' ? 'Uploading the picture…' : ''}
      </p>
      {error && (
        <p role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
