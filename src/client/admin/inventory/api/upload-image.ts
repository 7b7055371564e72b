import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';

/** POST /api/admin/upload-image (multipart, field "image"): answers the stored image's URL. */
export async function uploadImage(file: File): Promise<{ imageUrl: string }> {
  const form = new FormData();
  form.append('image', file);
  const { imageUrl } = await api<{ imageUrl?: string }>('/api/admin/upload-image', { method: 'POST', body: form });
  if (!imageUrl) throw new Error('The upload answered without an image URL');
  return { imageUrl };
}

export function useUploadImageMutation() {
  return useMutation({
    mutationFn: uploadImage,
    meta: { failure: (err) => ({ title: 'Error', description: errorMessage(err, 'Failed to upload image') }) },
    onSuccess: () => toast({ title: 'Success', description: 'Image uploaded successfully' }),
  });
}
