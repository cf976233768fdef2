/**
 * "Save image": a chart's `<svg>` written as an SVG file, or drawn on a canvas and written as PNG. No
 * library: the SVG is serialised with its title and legend drawn above it (Recharts draws the legend in
 * HTML, outside the `<svg>`), so the file reads on its own.
 */

/** Height in CSS pixels of the title and legend band above the chart in a saved image. */
export const IMAGE_HEADER = 48;
/** Pixel scale of saved PNGs (sharp on high-density screens and in documents). */
export const PNG_SCALE = 2;

const SVG_NS = 'http://www.w3.org/2000/svg';

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

/**
 * A standalone SVG document of the chart: a white background, the title, a legend row (`entries`: label
 * and colour) and the chart below. Size: the chart's width × (its height + {@link IMAGE_HEADER}).
 */
export function chartSvgDocument(
  svg: SVGSVGElement,
  title: string,
  entries: readonly { label: string; colour: string }[],
): { text: string; width: number; height: number } {
  const width = Math.round(svg.width.baseVal.value || svg.getBoundingClientRect().width);
  const chartHeight = Math.round(svg.height.baseVal.value || svg.getBoundingClientRect().height);
  const height = chartHeight + IMAGE_HEADER;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('x', '0');
  clone.setAttribute('y', String(IMAGE_HEADER));
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(chartHeight));
  clone.removeAttribute('style');
  let x = 12;
  const legend = entries
    .map((e) => {
      const item = `<rect x="${x}" y="30" width="10" height="10" fill="${escapeXml(e.colour)}"/><text x="${x + 14}" y="39" font-size="11">${escapeXml(e.label)}</text>`;
      x += 24 + e.label.length * 6.2;
      return item;
    })
    .join('');
  const text =
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="12" y="18" font-size="14" font-weight="600">${escapeXml(title)}</text>${legend}` +
    new XMLSerializer().serializeToString(clone) +
    '</svg>';
  return { text, width, height };
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Writes the chart as `fileName.svg`. */
export function saveSvg(doc: { text: string }, fileName: string): void {
  download(new Blob([doc.text], { type: 'image/svg+xml' }), `${fileName}.svg`);
}

/**
 * Writes the chart as `fileName.png`, {@link PNG_SCALE} × its SVG size, drawn through an `<img>` on a
 * canvas. Rejects when the browser cannot draw the SVG.
 */
export async function savePng(doc: { text: string; width: number; height: number }, fileName: string): Promise<void> {
  // A data: URL, not a blob: one: the page's Content-Security-Policy allows images from 'self' and data: only.
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(doc.text)}`;
  const img = new Image();
  img.width = doc.width;
  img.height = doc.height;
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
    img.src = url;
  });
  const canvas = document.createElement('canvas');
  canvas.width = doc.width * PNG_SCALE;
  canvas.height = doc.height * PNG_SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The chart could not be drawn as an image.');
  ctx.scale(PNG_SCALE, PNG_SCALE);
  ctx.drawImage(img, 0, 0, doc.width, doc.height);
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
  if (!blob) throw new Error('The chart could not be written as PNG.');
  download(blob, `${fileName}.png`);
}
