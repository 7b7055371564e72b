import { z } from 'zod';
import { singleLine } from './validation.ts';

/** A guide or legal page as the browser receives it: its head and header data, and its body as HTML. */
export interface ContentPage {
  path: string;
  kind: 'guide' | 'legal';
  title: string;
  description: string;
  headline: string;
  kicker: string;
  lead: string;
  published: string;
  updated: string;
  readingMinutes: number;
  /** the server-rendered body; null in the first page's state, where the browser keeps the server's HTML */
  html: string | null;
}

export const ContentQuerySchema = z.strictObject({
  path: singleLine(200).min(1),
});
