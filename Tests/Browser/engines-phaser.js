// One engines.py recipe in Phaser 3: a scene whose preload() and create() run docs/SHEETS.md's
// snippets (one per atlas, each in its own function), then report what Phaser made of the files:
// every texture's pages and frames, every animation's frames and durations, each animation and
// each sprite the snippets started played 1 ms at a time, and every frame drawn by Phaser's
// renderer into its canvas at job.cells, read back.
function runPhaser(job, snippets) {
  const report = {engine: 'phaser', version: Phaser.VERSION, errors: [], atlases: {}, anims: {},
                  sprites: []};
  catchErrors(report);
  class Check extends Phaser.Scene {
    preload() {
      this.load.on('loaderror', (file) => report.errors.push(`could not load ${file.src}`));
      for (const s of snippets) s.preload.call(this);
      if (job.reference) this.load.atlas('reference', `${job.reference}.png`, `${job.reference}.json`);
    }

    create() {
      const before = new Set(this.children.list);
      for (const s of snippets) {
        try { s.create.call(this); } catch (e) { report.errors.push(`create: ${e}`); }
      }
      const started = this.children.list.filter((c) => !before.has(c));
      for (const key of job.atlases) report.atlases[key] = this.textureReport(key);
      const limit = (key) => job.limits[key] || 2000;
      for (const anim of this.anims.anims.getArray()) {
        const sprite = new Phaser.GameObjects.Sprite(this, 0, 0, anim.frames[0].textureKey);
        sprite.play(anim.key);
        report.anims[anim.key] = {
          texture: anim.frames[0].textureKey, repeat: anim.repeat,
          frames: anim.frames.map((f) => [f.textureFrame, f.duration]),
          played: this.played(sprite, limit(anim.key)),
        };
      }
      for (const sprite of started) {
        if (!sprite.anims || !sprite.anims.currentAnim) continue;
        const anim = sprite.anims.currentAnim.key;
        report.sprites.push({anim, repeat: sprite.anims.repeat,
                             played: this.played(sprite, limit(anim))});
        sprite.setVisible(false);
      }
      for (const [texture, frame, x, y, scale] of job.cells) {
        if (this.textures.get(texture).has(frame)) {
          this.add.image(x, y, texture, frame).setOrigin(0).setScale(scale);
        }
      }
      report.renderer = this.game.renderer.type === Phaser.WEBGL ? 'webgl' : 'canvas';
      this.game.events.once('postrender', () => {
        report.pixels = readBack(this.game.canvas, job.width, job.height);
        hand(report);
      });
    }

    // A texture's pages (their decoded sizes) and frames as Phaser cut them.
    textureReport(key) {
      if (!this.textures.exists(key)) return null;
      const texture = this.textures.get(key);
      const frames = {};
      for (const name of texture.getFrameNames()) {
        const f = texture.get(name), s = f.data.spriteSourceSize;
        frames[name] = {page: f.sourceIndex, rect: [f.cutX, f.cutY, f.cutWidth, f.cutHeight],
                        trim: f.trimmed ? [s.x, s.y, s.w, s.h] : null,
                        source: [f.realWidth, f.realHeight]};
      }
      return {pages: texture.source.map((s) => [s.width, s.height]), frames};
    }

    // A sprite's animation played 1 ms at a time by Phaser's own AnimationState.
    played(sprite, limit) {
      return play((t) => sprite.anims.update(t, 1), () => sprite.anims.currentFrame.textureFrame,
                  () => sprite.anims.isPlaying, limit);
    }
  }
  new Phaser.Game({type: Phaser.AUTO, width: job.width, height: job.height, transparent: true,
                   banner: false, audio: {noAudio: true}, scene: Check,
                   render: {preserveDrawingBuffer: true}});
}
