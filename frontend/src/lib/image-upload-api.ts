import type { Schemas } from '@/api';
import { api } from '@/lib/api';

/**
 * POST /api/admin/images: the file's bytes as they are; the answer's url becomes a product's,
 * apparel product's or show's image. Shared by the three back-office forms (issue 32, item 3).
 */
export const imageUploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadImage: build.mutation<Schemas['UploadedJson'], File>({
      query: (file) => ({
        url: '/admin/images',
        method: 'POST',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
    }),
  }),
});

export const { useUploadImageMutation } = imageUploadApi;
