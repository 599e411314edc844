//! `translations export --format po` and `translations import`: the PO
//! files of a language's pages, and their texts written back into the
//! translations (`translations::export_catalog`, `import_catalog`). Files
//! are written atomically (a temporary file renamed over the old one).

use std::path::{Path, PathBuf};

use crate::content::Page;
use crate::diagnostics::{Diagnostic, SourceCache};
use crate::site::Site;
use crate::translations;

/// `translations export --lang L --format po`: one PO file per page of
/// `lang` that has a translation, at `<dir>/<page>.po` (`dir` defaults to
/// `po/<lang>` under the site). Warns where a translation's structure does
/// not line up with its source's. False (after printing why) on an error.
pub fn export_po(root: &Path, site: &Site, lang: &str, dir: Option<PathBuf>) -> bool {
    let default = &site.config.default_language;
    if lang == default {
        eprintln!("error: {default} is the default language: its texts are the PO files' msgids");
        return false;
    }
    if !site.config.languages.iter().any(|l| l.code == lang) {
        eprintln!("error: {lang} is not a language of this site (config.toml)");
        return false;
    }
    let dir = dir.unwrap_or_else(|| root.join("po").join(lang));
    let (mut written, mut missing, mut failed) = (0, 0, false);
    let mut cache = SourceCache::new(root);
    for source in site.content.pages.iter().filter(|p| &p.lang == default) {
        let Some(page) = site.content.get(lang, &source.rel) else {
            missing += 1;
            continue;
        };
        let (catalog, warnings) = translations::export_catalog(source, page);
        print_all(&mut cache, page, &warnings);
        let path = dir.join(po_name(source));
        let result = translations::po_text(&catalog).and_then(|t| write_atomic(&path, &t));
        match result {
            Ok(()) => written += 1,
            Err(e) => {
                eprintln!("{}: error: cannot write: {e}", path.display());
                failed = true;
            }
        }
    }
    println!(
        "exported {written} PO file(s) of {lang} to {}{}",
        dir.display(),
        match missing {
            0 => String::new(),
            n => format!(" ({n} page(s) without a translation skipped)"),
        }
    );
    !failed
}

/// A page's PO file name: its path under its language's folder, `.po`.
fn po_name(source: &Page) -> PathBuf {
    Path::new(&source.rel).with_extension("po")
}

/// `translations import FILE.po…`: writes each file's translations into
/// the translated page its references and `Language` name; a file with
/// fuzzy entries marks its page `fuzzy = true` (stale until `translations
/// mark`). False (after printing why) when a file cannot be imported.
pub fn import_po(root: &Path, site: &Site, files: &[PathBuf]) -> bool {
    let mut failed = false;
    let mut cache = SourceCache::new(root);
    // The pages written in this run: `site` still holds their old text.
    let mut done: Vec<PathBuf> = Vec::new();
    for file in files {
        if let Err(e) = import_one(root, site, file, (&mut cache, &mut done)) {
            eprintln!("{}", cache.render(&e));
            failed = true;
        }
    }
    !failed
}

/// Imports one PO file; prints what it did and its warnings.
fn import_one(
    root: &Path,
    site: &Site,
    file: &Path,
    (cache, done): (&mut SourceCache, &mut Vec<PathBuf>),
) -> Result<(), Diagnostic> {
    let error = |message: String| Diagnostic::error(file, None, message);
    let po_text = std::fs::read_to_string(file).map_err(|e| error(format!("cannot read: {e}")))?;
    cache.insert(file, po_text.clone());
    let catalog = polib::po_file::parse_from_reader(po_text.as_bytes())
        .map_err(|e| error(format!("not a PO file: {e}")))?;
    let default = &site.config.default_language;
    let lang = catalog.metadata.language.trim().to_string();
    if lang.is_empty() || &lang == default {
        return Err(error(format!(
            "its `Language` header ({lang:?}) names no translated language of this site"
        )));
    }
    let reference = translations::catalog_source(&catalog)
        .ok_or_else(|| error("its messages have no `#:` reference naming their page".into()))?;
    let source = (site.content.pages.iter())
        .find(|p| &p.lang == default && translations::reference_path(p) == reference)
        .ok_or_else(|| {
            error(format!(
                "{reference}, which its references name, is not a page of this site"
            ))
        })?;
    let page = site.content.get(&lang, &source.rel).ok_or_else(|| {
        error(format!("{reference} has no translation in {lang} to import into: create it first (`tilebook new-language` copies the pages)"))
    })?;
    if done.contains(&page.source_path) {
        return Err(error(format!(
            "another file of this run was imported into {} already: import this one in a separate run",
            page.source_path.display()
        )));
    }
    done.push(page.source_path.clone());
    let imported = translations::import_catalog(source, page, &catalog, (file, &po_text))?;
    for w in &imported.warnings {
        eprintln!("{}", cache.render(w));
    }
    let mut text = imported.text;
    if imported.fuzzy {
        text = translations::mark_fuzzy_text(&text).map_err(error)?;
    }
    let path = page.source_path.display();
    if text == page.text {
        println!("{path}: unchanged (imported from {})", file.display());
        return Ok(());
    }
    write_atomic(&root.join(&page.source_path), &text)
        .map_err(|e| error(format!("cannot write {path}: {e}")))?;
    println!(
        "imported {} into {path}: {} text(s) changed{}",
        file.display(),
        imported.changed,
        match imported.fuzzy {
            true =>
                "; it has fuzzy entries, so the page is marked `fuzzy = true` (stale) until you review it and run `tilebook translations mark`",
            false => "",
        }
    );
    Ok(())
}

/// Prints `diags` about `page`.
fn print_all(cache: &mut SourceCache, page: &Page, diags: &[Diagnostic]) {
    if diags.is_empty() {
        return;
    }
    cache.insert(&page.source_path, page.text.clone());
    for d in diags {
        eprintln!("{}", cache.render(d));
    }
}

/// Writes `text` to `path` atomically: a temporary file beside it, renamed
/// over it. Makes the folder if needed.
fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tilebook-tmp"));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}
