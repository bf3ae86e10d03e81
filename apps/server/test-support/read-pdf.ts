import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF read back with pdfjs: the text of every page, and the link annotations' URLs. */
export async function readPdf(bytes: Buffer) {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const texts: string[] = [];
    const links: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
      for (const annotation of await page.getAnnotations()) {
        if (annotation.subtype === 'Link' && annotation.url) links.push(annotation.url);
      }
    }
    return {
      pages: document.numPages,
      text: texts.join('\n'),
      links,
      info: (await document.getMetadata()).info,
    };
  } finally {
    await document.destroy();
  }
}
