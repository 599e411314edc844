//! The commands that edit the site's sources: `translations mark` (a
//! translation's `translated_from`, a glossary file's term marks),
//! `translations sync` (the exercise blocks a translation lacks) and
//! `new-language` (a new language's files and its `config.toml` table).
//! They print what they did; `main` only parses their arguments.

use std::path::{Path, PathBuf};

use crate::content::Page;
use crate::diagnostics::SourceCache;
use crate::glossary::Glossary;
use crate::site::Site;
use crate::translations;

/// What `translations mark` marks: a translated page, or every term of a
/// language's glossary file.
enum MarkTarget<'a> {
    Page(&'a Page),
    Glossary(String),
}

/// `translations mark`: marks the translations `paths` name (pages or
/// glossary files), or every one of `lang`, as translated from their
/// sources as they are now; prints what it did. A page whose text is its
/// source's is refused unless `same` (it reads the same in both
/// languages). False (after printing why) when one cannot be marked.
pub fn mark(
    root: &Path,
    site: &Site,
    paths: Vec<PathBuf>,
    lang: Option<String>,
    same: bool,
) -> bool {
    let targets = match lang {
        Some(l) => language_targets(root, site, &l),
        None => match path_targets(root, site, &paths) {
            Ok(t) => t,
            Err(path) => {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                let what = if rel.starts_with(crate::glossary::GLOSSARY_DIR) {
                    "not the glossary file of a configured language"
                } else {
                    "not a page of this site"
                };
                eprintln!("{}: error: {what}", path.display());
                return false;
            }
        },
    };
    let mut failed = false;
    for target in targets {
        failed |= !match target {
            MarkTarget::Page(page) => mark_page(root, site, page, same),
            MarkTarget::Glossary(lang) => mark_glossary(root, site, &lang),
        };
    }
    !failed
}

/// Every page of `lang`, then its glossary file if it has one.
fn language_targets<'a>(root: &Path, site: &'a Site, lang: &str) -> Vec<MarkTarget<'a>> {
    let mut targets: Vec<MarkTarget<'a>> = site
        .content
        .pages
        .iter()
        .filter(|p| p.lang == lang)
        .map(MarkTarget::Page)
        .collect();
    if root.join(Glossary::file(lang)).exists() {
        targets.push(MarkTarget::Glossary(lang.to_string()));
    }
    targets
}

/// The page or glossary file each path names; the first path that is
/// neither, as the error.
fn path_targets<'a>(
    root: &Path,
    site: &'a Site,
    paths: &[PathBuf],
) -> Result<Vec<MarkTarget<'a>>, PathBuf> {
    paths
        .iter()
        .map(|path| {
            let rel = path.strip_prefix(root).unwrap_or(path);
            if let Some(lang) = site
                .config
                .languages
                .iter()
                .find(|l| rel == Glossary::file(&l.code))
            {
                return Ok(MarkTarget::Glossary(lang.code.clone()));
            }
            match site.content.pages.iter().find(|p| p.source_path == rel) {
                Some(p) => Ok(MarkTarget::Page(p)),
                None => Err(path.clone()),
            }
        })
        .collect()
}

/// Marks one translated page; false (after printing why) when it cannot.
fn mark_page(root: &Path, site: &Site, page: &Page, same: bool) -> bool {
    let default = &site.config.default_language;
    if &page.lang == default {
        eprintln!(
            "{}: error: this is a default-language page, not a translation",
            page.source_path.display()
        );
        return false;
    }
    let Some(source) = site.content.get(default, &page.rel) else {
        eprintln!(
            "{}: error: no default-language source content/{default}/{}",
            page.source_path.display(),
            page.rel
        );
        return false;
    };
    if !same && translations::same_body(page.body(), source.body()) {
        let mut cache = SourceCache::new(root);
        cache.insert(&page.source_path, page.text.clone());
        let d = crate::diagnostics::Diagnostic::error(
            &page.source_path,
            Some(page.body_offset),
            format!(
                "not marked: its text is still that of {}; translate it first, or pass --same if it really reads the same in both languages",
                source.source_path.display()
            ),
        );
        eprintln!("{}", cache.render(&d));
        return false;
    }
    match translations::mark_text(&page.text, &source.text).and_then(|text| {
        std::fs::write(root.join(&page.source_path), text).map_err(|e| e.to_string())
    }) {
        Ok(()) => {
            println!(
                "marked {} as translated from {}",
                page.source_path.display(),
                source.source_path.display()
            );
            keep_snapshot(root, page, source)
        }
        Err(e) => {
            eprintln!("{}: error: {e}", page.source_path.display());
            false
        }
    }
}

/// Keeps the source as it is now beside the translation just marked, for
/// `translations diff`; false (after printing why) when it cannot.
fn keep_snapshot(root: &Path, page: &Page, source: &Page) -> bool {
    let path = translations::snapshot_path(page);
    let full = root.join(&path);
    match (full.parent().map_or(Ok(()), std::fs::create_dir_all))
        .and_then(|_| std::fs::write(&full, &source.text))
    {
        Ok(()) => true,
        Err(e) => {
            eprintln!(
                "{}: error: cannot keep the source for `translations diff`: {e}",
                path.display()
            );
            false
        }
    }
}

/// `translations diff`: what changed in the source of the translation
/// `path` since it was marked, as text or JSON; false (after printing
/// why) when there is nothing to compare with.
pub fn diff(root: &Path, site: &Site, path: &Path, json: bool) -> bool {
    let default = &site.config.default_language;
    let rel = path.strip_prefix(root).unwrap_or(path);
    let page = site.content.pages.iter().find(|p| p.source_path == rel);
    let (Some(page), Some(source)) = (
        page.filter(|p| &p.lang != default),
        page.and_then(|p| site.content.get(default, &p.rel)),
    ) else {
        eprintln!(
            "{}: error: not a translated page of this site",
            path.display()
        );
        return false;
    };
    let snapshot = std::fs::read_to_string(root.join(translations::snapshot_path(page))).ok();
    match translations::source_diff(page, source, snapshot.as_deref()) {
        Ok(d) if json => match serde_json::to_string_pretty(&d) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                eprintln!("error: {e}");
                return false;
            }
        },
        Ok(d) => print!("{}", translations::format_diff(&d)),
        Err(e) => {
            let at = page.front.spans.translated_from.unwrap_or(0);
            let d = crate::diagnostics::Diagnostic::error(&page.source_path, Some(at), e);
            let mut cache = SourceCache::new(root);
            cache.insert(&page.source_path, page.text.clone());
            eprintln!("{}", cache.render(&d));
            return false;
        }
    }
    true
}

/// Marks every term of `glossary/<lang>.toml`; false (after printing why)
/// when a term or the file cannot be marked.
fn mark_glossary(root: &Path, site: &Site, lang: &str) -> bool {
    let default = &site.config.default_language;
    let path = Glossary::file(lang);
    let source_path = Glossary::file(default);
    if lang == default {
        eprintln!(
            "{}: error: this is the default-language glossary, not a translation",
            path.display()
        );
        return false;
    }
    let Some(sources) = site.glossary.texts_in(default) else {
        eprintln!(
            "{}: error: no default-language glossary texts to mark terms as translated from",
            source_path.display()
        );
        return false;
    };
    let text = match std::fs::read_to_string(root.join(&path)) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: error: cannot read: {e}", path.display());
            return false;
        }
    };
    let mut cache = SourceCache::new(root);
    cache.insert(&path, text.clone());
    let marked = match translations::mark_glossary_text(&path, &text, sources) {
        Ok(m) => m,
        Err(d) => {
            eprintln!("{}", cache.render(&d));
            return false;
        }
    };
    for d in &marked.no_source {
        eprintln!("{}", cache.render(d));
    }
    if marked.text != text {
        if let Err(e) = std::fs::write(root.join(&path), &marked.text) {
            eprintln!("{}: error: cannot write: {e}", path.display());
            return false;
        }
    }
    println!("{}", glossary_summary(&path, &source_path, &marked));
    marked.no_source.is_empty()
}

/// `marked 2 glossary term(s) in glossary/de.toml as translated from
/// glossary/en.toml: a, b; 40 already marked`.
fn glossary_summary(path: &Path, source: &Path, marked: &translations::MarkedGlossary) -> String {
    let (path, source) = (path.display(), source.display());
    let already = marked.marked.len() - marked.changed.len();
    if marked.changed.is_empty() {
        return format!(
            "marked 0 glossary term(s) in {path}: {already} already marked as translated from {source}"
        );
    }
    let rest = match already {
        0 => String::new(),
        n => format!("; {n} already marked"),
    };
    format!(
        "marked {} glossary term(s) in {path} as translated from {source}: {}{rest}",
        marked.changed.len(),
        marked.changed.join(", ")
    )
}

/// `translations sync`: copies into the translations `paths` name, or
/// every one of `lang`, the exercise blocks of their sources they lack
/// (`translations::sync_text`); prints what it did. False (after printing
/// why) when a translation's blocks cannot be matched with its source's.
pub fn sync(root: &Path, site: &Site, paths: Vec<PathBuf>, lang: Option<String>) -> bool {
    let default = &site.config.default_language;
    if lang.as_ref() == Some(default) {
        eprintln!("error: {default} is the default language: its pages are the sources");
        return false;
    }
    let pages = &site.content.pages;
    let targets = match translations::sync_targets(pages, default, root, &paths, lang.as_deref()) {
        Ok(t) => t,
        Err(path) => {
            eprintln!(
                "{}: error: not a translated page of this site",
                path.display()
            );
            return false;
        }
    };
    let (mut failed, mut unchanged) = (false, 0);
    for page in targets {
        let Some(source) = site.content.get(default, &page.rel) else {
            continue;
        };
        let synced = match translations::sync_text(source, page) {
            Ok(s) => s,
            Err(diags) => {
                let mut cache = SourceCache::new(root);
                cache.insert(&page.source_path, page.text.clone());
                for d in &diags {
                    eprintln!("{}", cache.render(d));
                }
                failed = true;
                continue;
            }
        };
        let path = page.source_path.display();
        if synced.copied.is_empty() {
            unchanged += 1;
            if lang.is_none() {
                println!(
                    "{path}: nothing to sync: it has every exercise of {}",
                    source.source_path.display()
                );
            }
            continue;
        }
        if let Err(e) = std::fs::write(root.join(&page.source_path), &synced.text) {
            eprintln!("{path}: error: cannot write: {e}");
            failed = true;
            continue;
        }
        let numbers: Vec<String> = synced.copied.iter().map(|n| n.to_string()).collect();
        println!(
            "synced {path}: copied exercise(s) {} of {}; translate their prompts, then run `tilebook translations mark {path}`",
            numbers.join(", "),
            source.source_path.display()
        );
    }
    if let Some(lang) = &lang {
        println!("{unchanged} page(s) of {lang} already had every exercise of their source");
    }
    !failed
}

/// Scaffolds language `code` (`name`) in the site at `root`: its pages,
/// strings and glossary files, and its table in `config.toml`; prints what
/// it did. False (after printing why) when it cannot.
pub fn new_language(root: &Path, site: &Site, code: &str, name: &str) -> bool {
    let config_path = root.join(crate::config::CONFIG_FILE);
    let config_text = match std::fs::read_to_string(&config_path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: error: {e}", config_path.display());
            return false;
        }
    };
    let plan = translations::scaffold_language(
        root,
        &config_text,
        &translations::SiteData {
            config: &site.config,
            content: &site.content,
            strings: &site.strings,
            glossary: &site.glossary,
        },
        code,
        name,
    );
    let plan = match plan {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    for (path, text) in &plan.files {
        let full = root.join(path);
        if full.exists() {
            println!("kept     {} (already exists)", path.display());
            continue;
        }
        if let Err(e) = full
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|_| std::fs::write(&full, text))
        {
            eprintln!("{}: error: {e}", path.display());
            return false;
        }
        println!("created  {}", path.display());
    }
    if let Err(e) = std::fs::write(&config_path, &plan.config_text) {
        eprintln!("{}: error: {e}", config_path.display());
        return false;
    }
    println!("added    [languages.{}] to config.toml", code);
    println!(
        "\nNext: translate the pages in content/{code}/ (remove `untranslated = true`, or run `tilebook translations mark <page>`),\nthe strings in i18n/{code}.ftl and the glossary in glossary/{code}.toml. `tilebook translations` shows what is left.",
        code = code
    );
    true
}
