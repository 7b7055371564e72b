import { toast } from '../../ui/toast.tsx';

/** Puts `text` on the clipboard and says so; where the browser refuses, says to select it instead. */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `${what} copied to the clipboard` });
  } catch {
    toast({
      title: 'Copy Failed',
      description: 'The browser did not allow copying. Select the text instead.',
      variant: 'destructive',
    });
  }
}
