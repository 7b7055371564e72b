import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';

/** POST /api/test-print: a test page on the label printer. */
export const printTestPage = () => api<{ success: true; message?: string }>('/api/test-print', { method: 'POST' });

export function usePrintTestPageMutation() {
  return useMutation({
    mutationFn: printTestPage,
    meta: { failure: (err) => ({ title: 'Print Test Failed', description: errorMessage(err, 'Printer connection failed') }) },
    onSuccess: (r) => toast({ title: 'Test Print Sent', description: r.message ?? 'A test page was sent to the printer.' }),
  });
}
