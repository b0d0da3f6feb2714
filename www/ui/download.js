// Offering something the page made (a picture, a drawing) as a file download.

/** Offers `blob` as a download named `filename`. */
export function downloadBlob(blob, filename) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

/** The canvas as a PNG blob (rejects when the browser cannot encode it). */
export function canvasPng(canvas) {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('The browser could not encode the PNG.'));
    }, 'image/png');
  });
}
