// One engines.py recipe in PixiJS 8: docs/SHEETS.md's snippet runs once per atlas (each an
// async function handing back its variables), then the page reports what PixiJS made of the
// files: every sheet's pages and textures, every AnimatedSprite's textures and durations, each
// played 1 ms at a time by its own update(), and every texture drawn by PixiJS's renderer into
// its canvas at job.cells, read back.
async function runPixi(job, snippets) {
  const report = {engine: 'pixi', version: PIXI.VERSION, errors: [], atlases: {}, anims: {},
                  sprites: []};
  catchErrors(report);
  try {
    // Nothing moves but the steps below: the shared ticker (which AnimatedSprite.play joins)
    // never starts.
    PIXI.Ticker.shared.autoStart = false;
    PIXI.Ticker.shared.stop();
    const app = new PIXI.Application();
    // PixiJS reads meta.scale as the sheet's resolution: a --scale 2 sheet is drawn at the
    // GIF's size in CSS pixels, each texel one device pixel on a canvas of resolution 2.
    const r = job.resolution;
    await app.init({width: job.width / r, height: job.height / r, resolution: r,
                    backgroundAlpha: 0, autoStart: false, sharedTicker: false,
                    preserveDrawingBuffer: true, antialias: false}).catch(async (e) => {
      const gl = !!document.createElement('canvas').getContext('webgl2');
      const gpu = !!(navigator.gpu && await navigator.gpu.requestAdapter());
      throw new Error(`PixiJS has no renderer (${e}): WebGL ${gl ? 'works' : 'fails'}, WebGPU`
                      + ` ${gpu ? 'has an adapter' : 'has no adapter (Firefox: mesa-vulkan-drivers)'}`);
    });
    report.renderer = app.renderer.name;
    const found = [];
    for (const snippet of snippets) found.push(await snippet(app));
    const textures = {};
    job.atlases.forEach((key, n) => {
      const {sheet, pages} = found[n];
      const frames = {};
      (pages || [sheet]).forEach((page, p) => {
        for (const [name, t] of Object.entries(page.textures)) {
          frames[name] = {page: p, rect: [t.frame.x, t.frame.y, t.frame.width, t.frame.height],
                          trim: t.trim ? [t.trim.x, t.trim.y, t.trim.width, t.trim.height] : null,
                          source: [t.orig.width, t.orig.height]};
          textures[`${key}\n${name}`] = t;
        }
      });
      report.atlases[key] = {frames, pages: (pages || [sheet]).map((page) =>
        [page.textureSource.width, page.textureSource.height])};
    });
    if (job.reference) {
      const sheet = await PIXI.Assets.load(`${job.reference}.json`);
      for (const [name, t] of Object.entries(sheet.textures)) textures[`reference\n${name}`] = t;
    }
    const limit = (tag) => job.limits[tag] || 2000;
    job.atlases.forEach((key, n) => {
      const {sprite, sprites, textures: named} = found[n];
      const all = sprites || (sprite ? {[job.sheetTag]: sprite} : {});
      const nameOf = new Map(Object.entries(named).map(([name, t]) => [t, name]));
      for (const [tag, s] of Object.entries(all)) {
        const started = s.playing;
        const entry = {frames: s.textures.map((t, i) => [nameOf.get(t), s._durations ? s._durations[i] : null]),
                       loop: s.loop};
        if (!started) s.play();
        // AnimatedSprite.update takes the ticker's deltaTime, in 60ths of a second.
        entry.played = play(() => s.update({deltaTime: 60 / 1000, deltaMS: 1}),
                            () => nameOf.get(s.texture), () => s.playing, limit(tag));
        if (started) report.sprites.push({anim: tag, played: entry.played});
        report.anims[tag] = entry;
      }
    });
    for (const child of app.stage.children) child.visible = false;
    const board = new PIXI.Container();
    for (const [texture, frame, x, y, scale] of job.cells) {
      const t = textures[`${texture}\n${frame}`];
      if (!t) continue;
      const s = new PIXI.Sprite(t);
      s.position.set(x / r, y / r);
      s.scale.set(scale);
      board.addChild(s);
    }
    app.stage.addChild(board);
    app.renderer.render(app.stage);
    report.pixels = readBack(app.canvas, job.width, job.height);
  } catch (e) {
    report.errors.push(`${e}`);
  }
  hand(report);
}
