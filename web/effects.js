// What a Paint asks of the browser beyond the DOM, on the main thread (browser/
// services.py, files.py and sound.py as JavaScript, for the page's Python in a worker;
// docs/phone.md): the clipboard, the share sheet, a backup saved as a download or picked
// to import, the game's sounds, a new version taking over, and play by link's
// signatures (dom.js: WebCrypto). Answers that come later (a refused clipboard, a picked
// file's text, a signature) go back to the worker as Events (ANSWERS names them).

export const MIME = "application/json"; // saves/backup.py's MIME
export const MAX_BACKUP_CHARS = 20_000_000; // saves/backup.py's MAX_BACKUP_CHARS
const REVOKE_AFTER_MS = 60_000; // the download's blob URL is freed once the browser has it

// The browser's answers, as Event actions the worker's host routes to the handler that
// the page's Python called for them (not App actions a person can click).
export const ANSWERS = {
  copyFailed: "copy-failed", // handlers/page.copy_failed
  updateReady: "update-ready", // handlers/page.update_ready (sw-register.js's event)
  updateWaits: "update-waits", // handlers/page.update_waits_for_tabs
  backupFile: "backup-file", // handlers/saves.import_backup_text (value: the file's text)
  backupProblem: "backup-problem", // handlers/saves.backup_problem (value: its words' key)
  linkSigned: "link-signed", // handlers/remote.link_signed (value: result, form.fragment)
  linkVerified: "link-verified", // handlers/remote.link_verified (value "1"/"", form.signed)
};

export class Effects {
  // `answer(action, value, form)`: an Event to the worker.
  constructor(doc, win, answer) {
    this.doc = doc;
    this.win = win;
    this.answer = answer;
  }

  apply(msg) {
    if (msg.copy) this.copy(msg.copy);
    if (msg.share) this.share(msg.share);
    if (msg.activate_update) this.activateUpdate();
    if (msg.verify) this.verify(msg.verify);
    if (msg.sign) this.sign(msg.sign);
    if (msg.sounds && msg.sounds.length) this.sounds(msg.sounds);
    if (msg.download) this.download(msg.download);
    if (msg.pick_file) this.pick();
  }

  // The share link to the clipboard, and selected, so that it can be copied by hand
  // where the clipboard refuses.
  copy(text) {
    const field = this.doc.getElementById("share-link");
    if (field) field.select();
    const failed = () => this.answer(ANSWERS.copyFailed);
    try {
      this.win.navigator.clipboard.writeText(text).then(null, failed);
    } catch (err) {
      failed();
    }
  }

  // The system's share sheet; a cancelled sheet does nothing, one that fails copies the
  // link instead.
  share({ title, text, url }) {
    const failed = (err) => {
      if (!err || err.name !== "AbortError") this.copy(url);
    };
    try {
      this.win.navigator.share({ title, text, url }).then(null, failed);
    } catch (err) {
      failed(err);
    }
  }

  // The notice's Reload: the waiting version takes over (sw-register.js), unless the
  // site is open in other tabs.
  activateUpdate() {
    if (typeof this.win.samarkandActivateUpdate !== "function") {
      this.win.location.reload(); // no service worker here
      return;
    }
    this.win.samarkandActivateUpdate().then((activated) => {
      if (!activated) this.answer(ANSWERS.updateWaits);
    });
  }

  // A link's signature checked (dom.js): any failure is a wrong signature.
  verify({ key, signed, signature }) {
    const done = (ok) => this.answer(ANSWERS.linkVerified, ok === true ? "1" : "", { signed });
    try {
      this.win.samarkandVerify(key, signed, signature).then(done, () => done(false));
    } catch (err) {
      done(false);
    }
  }

  // A link signed by this device's key for the game: "<key>.<signature>", "" on failure.
  sign({ game, fragment }) {
    const done = (result) => this.answer(ANSWERS.linkSigned, typeof result === "string" ? result : "",
      { fragment });
    try {
      this.win.samarkandSign(game, fragment).then(done, () => done(""));
    } catch (err) {
      done("");
    }
  }

  // One after another; a browser without sound (or dom.js) stays quiet. They start in
  // a task of their own once the frame that shows the move is drawn: making the tones
  // (oscillators, gains, the audio context's first start) took 1 to 5 ms of the click's
  // task at 4x CPU throttling, before the frame (docs/phone.md, "Sounds after the
  // frame"); a frame later is still heard with the move.
  sounds(kinds) {
    const win = this.win;
    if (typeof win.samarkandSound !== "function") return;
    const play = () => {
      try {
        win.samarkandSound(kinds.join(","));
      } catch (err) {
        // no sound is no harm: the game goes on
      }
    };
    if (typeof win.requestAnimationFrame !== "function") play();
    else win.requestAnimationFrame(() => win.setTimeout(play, 0));
  }

  // A backup saved as a file: a link to a blob, clicked.
  download({ name, text }) {
    const { doc, win } = this;
    const url = win.URL.createObjectURL(new win.Blob([text], { type: MIME }));
    const link = doc.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    doc.body.appendChild(link);
    link.click();
    link.remove();
    win.setTimeout(() => win.URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }

  // The browser's file picker for a backup to import: an input of its own, outside the
  // regions that are redrawn, so a redraw cannot lose the chosen file.
  pick() {
    const { doc } = this;
    let field = doc.getElementById("import-file");
    if (!field) {
      field = doc.createElement("input");
      field.type = "file";
      field.id = "import-file";
      field.accept = ".json,application/json";
      field.hidden = true;
      field.addEventListener("change", (event) => this.picked(event.target.files));
      doc.body.appendChild(field);
    }
    field.value = ""; // the same file picked again is a change too
    field.click();
  }

  picked(files) {
    if (!files || !files.length) return;
    const file = files[0];
    if (file.size > MAX_BACKUP_CHARS) {
      this.answer(ANSWERS.backupProblem, "backup.too_big");
      return;
    }
    file.text().then((text) => this.answer(ANSWERS.backupFile, String(text)),
      () => this.answer(ANSWERS.backupProblem, "backup.read_failed"));
  }
}
