import { PDFParse } from 'pdf-parse';

/** A PDF's text, as a reader copies it (labels, slips). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
