// Browser benchmark of the fill: the Rust fill in the worker (timed inside one worker op, so
// no buffer copies are counted) on a blank 4096×4096 canvas and a serpentine one-pixel maze,
// exact and with T = 16; a plain JavaScript queue-based fill on the same images in the same
// page for comparison; and the full `fill.apply` round trip (copy in, fill, copy out) as the
// page uses it.

export async function bench({ page, quick }) {
  const side = quick ? 1024 : 4096;
  const runs = quick ? 3 : 7;
  const rounds = quick ? 2 : 5;
  const rows = await page.evaluate(async ({ side, runs, rounds }) => {
    const { engine } = await import('/engine.js');
    const makeImage = (kind) => {
      const px = new Uint8ClampedArray(side * side * 4).fill(255);
      if (kind === 'maze') {
        const u = new Uint32Array(px.buffer);
        for (let y = 1; y < side; y += 2) {
          const opening = ((y >> 1) & 1) === 0 ? side - 1 : 0;
          u.fill(0xff000000, y * side, y * side + side);
          u[y * side + opening] = 0xffffffff;
        }
      }
      return px;
    };
    const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[n >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2; };

    // A plain queue-based flood fill (4-connected), written the straightforward way.
    function jsFill(px, w, h, sx, sy, colour, tolerance) {
      const seed = (sy * w + sx) * 4;
      const [r0, g0, b0, a0] = [px[seed], px[seed + 1], px[seed + 2], px[seed + 3]];
      const seen = new Uint8Array(w * h);
      const queue = new Int32Array(w * h);
      let head = 0, tail = 0, filled = 0;
      queue[tail++] = sy * w + sx;
      seen[sy * w + sx] = 1;
      while (head < tail) {
        const i = queue[head++];
        const o = i * 4;
        px[o] = colour[0]; px[o + 1] = colour[1]; px[o + 2] = colour[2]; px[o + 3] = colour[3];
        filled++;
        const x = i % w;
        const next = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i >= w ? i - w : -1, i < w * (h - 1) ? i + w : -1];
        for (const n of next) {
          if (n < 0 || seen[n]) continue;
          const q = n * 4;
          if (Math.abs(px[q] - r0) <= tolerance && Math.abs(px[q + 1] - g0) <= tolerance
            && Math.abs(px[q + 2] - b0) <= tolerance && Math.abs(px[q + 3] - a0) <= tolerance) {
            seen[n] = 1;
            queue[tail++] = n;
          }
        }
      }
      return filled;
    }

    const out = [];
    const red = [255, 0, 0, 255], white = [255, 255, 255, 255];
    for (const kind of ['blank', 'maze']) {
      for (const tolerance of [0, 16]) {
        const name = `${kind} ${side}² ${tolerance ? `T=${tolerance}` : 'exact'}`;
        // Rounds alternate the worker's fills with the page's JS fills, so that load from
        // elsewhere on the machine hits both alike.
        const wasmRates = [];
        const js = [];
        let pixels = makeImage(kind);
        const img = makeImage(kind);
        jsFill(img, side, side, 0, 0, red, tolerance);
        let jsColour = white;
        for (let round = 0; round < rounds; round++) {
          const colors = [red, white, red, white];
          const reply = await engine.run('fill.bench', { pixels, width: side, height: side, x: 0, y: 0, colors, options: { tolerance } }, { transfer: [pixels.buffer] });
          pixels = makeImage(kind);
          wasmRates.push(...reply.ms.slice(1).map((t) => (side * side) / t / 1000));
          const t0 = performance.now();
          jsFill(img, side, side, 0, 0, jsColour, tolerance);
          js.push((side * side) / (performance.now() - t0) / 1000);
          jsColour = jsColour === white ? red : white;
        }
        const wasm = median(wasmRates);
        const jsMpx = median(js);
        const target = kind === 'blank' ? (tolerance ? '≥150 Mpx/s' : '≥300 Mpx/s') : '≥10× JS';
        out.push({ tool: 'fill', name, value: wasm, unit: 'Mpx/s', target });
        out.push({ tool: 'fill', name: `JS queue fill, ${name}`, value: jsMpx, unit: 'Mpx/s', target: 'peer' });
        out.push({ tool: 'fill', name: `wasm ÷ JS, ${name}`, value: wasm / jsMpx, unit: '×', target: '≥10×' });
      }
    }

    // The page's round trip: transfer in, copy into wasm, fill, copy out, transfer back.
    let pixels = makeImage('blank');
    const trips = [];
    for (let i = 0; i < runs + 1; i++) {
      const t0 = performance.now();
      const reply = await engine.run('fill.apply', { pixels, width: side, height: side, x: 0, y: 0, color: i % 2 ? white : red, options: {} }, { transfer: [pixels.buffer] });
      if (i > 0) trips.push(performance.now() - t0);
      pixels = reply.pixels;
    }
    out.push({ tool: 'fill', name: `fill.apply round trip, blank ${side}² exact`, value: median(trips), unit: 'ms', target: 'click-to-painted <100 ms' });
    return out;
  }, { side, runs, rounds });
  return rows;
}
