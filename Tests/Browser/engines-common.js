// What the engine pages of engines.py share: the report they hand the runner page, the
// canvas read back, and the time stepping that plays an animation 1 ms at a time.

// Sends `report` to the runner page (the parent), once.
function hand(report) {
  if (hand.done) return;
  hand.done = true;
  parent.postMessage(report, '*');
}

// Errors of the page and of the engine's promises join the report; the runner's time bound
// covers a page that stops without handing anything.
function catchErrors(report) {
  window.onerror = (m, src, line) => { report.errors.push(`${m} (${src}:${line})`); };
  window.addEventListener('unhandledrejection', (e) => report.errors.push(`unhandled: ${e.reason}`));
}

// The canvas `source`'s pixels (RGBA, straight alpha, as getImageData gives them), base64.
function readBack(source, width, height) {
  const c = document.createElement('canvas');
  c.width = width; c.height = height;
  const g = c.getContext('2d');
  g.drawImage(source, 0, 0);
  const data = g.getImageData(0, 0, width, height).data;
  let text = '';
  for (let i = 0; i < data.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

// Steps an animation 1 ms at a time up to `limit` ms: `step(t)` advances it to t, `shown()`
// names the frame on screen, `playing()` says whether it still plays. The frame changes with
// their times, and the time it stopped (null if it still plays at `limit`).
function play(step, shown, playing, limit) {
  const changes = [], first = shown();
  let last = first, end = null;
  for (let t = 1; t <= limit; t++) {
    step(t);
    const now = shown();
    if (now !== last) { changes.push([now, t]); last = now; }
    if (!playing()) { end = t; break; }
  }
  return {first, changes, end};
}
