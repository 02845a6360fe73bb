import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/field';
import { ProductImage } from '@/components/product-image';
import { errorMessage, fieldErrors } from '@/lib/api';
import { MAX_IMAGE_URL_LEN } from '@/lib/limits';
import { useUploadImageMutation } from '@/lib/image-upload-api';

/** The types POST /api/admin/images takes (it checks the bytes too). */
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** Why an upload failed: the server's field message ("Images must be JPEG, PNG or WebP"), its message, or a fallback. */
export function uploadFailure(error: unknown): string {
  return fieldErrors(error).image ?? errorMessage(error, 'Failed to upload image');
}

/**
 * A back-office image (products, apparel and shows): an address typed in, or a file uploaded
 * (POST /api/admin/images) whose address fills the field; a preview of what the shop will show
 * (the placeholder when empty).
 */
export function ImageField({
  id,
  value,
  error,
  registration,
  onUploaded,
  onUploadFailed,
}: {
  id: string;
  value: string;
  error?: string;
  registration: UseFormRegisterReturn;
  onUploaded: (url: string) => void;
  onUploadFailed: (message: string) => void;
}) {
  const [upload, { isLoading }] = useUploadImageMutation();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      const { url } = await upload(file).unwrap();
      onUploaded(url);
    } catch (failure) {
      onUploadFailed(uploadFailure(failure));
    }
    // The same file again is a new choice.
    input.value = '';
  };

  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
      <div className="flex flex-col gap-3">
        <Field id={id} label="Image URL" type="url" maxLength={MAX_IMAGE_URL_LEN} hint="Leave empty for the placeholder image." error={error} registration={registration} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="font-medium">
            Upload an image
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={IMAGE_TYPES}
            className="file-input w-full"
            disabled={isLoading}
            aria-describedby={`${id}-file-hint`}
            onChange={(e) => void onFile(e)}
          />
          <p id={`${id}-file-hint`} className="text-sm text-base-content/80">
            JPEG, PNG or WebP, at most 5 MB; its address fills the Image URL.
          </p>
          {isLoading && (
            <p role="status" className="flex items-center gap-2 text-sm">
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              Uploading...
            </p>
          )}
        </div>
      </div>
      <figure className="w-32">
        <ProductImage src={value} alt="Image preview" />
      </figure>
    </div>
  );
}
