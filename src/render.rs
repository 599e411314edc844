//! Templates: loads the theme's templates, overridden file by file by the
//! site's `templates/`, into one Tera 2 instance, registers `t(key=...)`,
//! and turns Tera errors (with their whole `source()` chain) into
//! diagnostics that name the template, its line and column, and the page.

use std::borrow::Cow;
use std::collections::HashMap;
use std::error::Error as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tera::{Context, ErrorKind, Kwargs, State, Tera, Value};

use crate::diagnostics::{Diagnostic, Diagnostics, SourceCache};
use crate::i18n::Strings;

pub const SITE_TEMPLATES_DIR: &str = "templates";

/// Functions every template can call: `t(key="…")` (a UI string in the
/// page's language) and one constant function per entry of `globals`
/// (e.g. `translation_status()`).
/// The loaded templates, ready to render pages from many threads.
pub struct Renderer {
    tera: Tera,
    /// Template name → file it was loaded from (relative to the site root).
    paths: HashMap<String, PathBuf>,
    /// The globals some template's text names (see [`Renderer::names`]).
    named_globals: Vec<&'static str>,
}

impl Renderer {
    /// Loads `<theme_dir>/templates/**` then `<root>/templates/**` (site wins).
    /// Syntax errors of every template are reported, not only the first.
    pub fn load(
        root: &Path,
        theme_dir: &Path,
        strings: Arc<Strings>,
        globals: Vec<(&'static str, tera::Value)>,
        sources: &mut SourceCache,
        diags: &mut Diagnostics,
    ) -> Option<Renderer> {
        let mut files: HashMap<String, (PathBuf, String)> = HashMap::new();
        for dir in [theme_dir.join("templates"), root.join(SITE_TEMPLATES_DIR)] {
            for found in crate::walk::files(root, &dir, |_| false, diags) {
                let name = found.rel;
                let rel = crate::stdx::rel_to(root, &found.path);
                match crate::diagnostics::read_source(&found.path, &rel) {
                    Ok(text) => {
                        sources.insert(&rel, text.clone());
                        files.insert(name, (rel, text));
                    }
                    Err(d) => diags.push(d),
                }
            }
        }
        let paths: HashMap<String, PathBuf> = files
            .iter()
            .map(|(n, (p, _))| (n.clone(), p.clone()))
            .collect();

        // Parse each template alone first, so that every syntax error is reported.
        let mut syntax_errors = false;
        let mut names: Vec<&String> = files.keys().collect();
        names.sort();
        for name in &names {
            let mut probe = Tera::new();
            if let Err(e) = probe.add_raw_template(name, &files[*name].1)
                && matches!(e.kind(), ErrorKind::SyntaxError(_))
            {
                diags.push(tera_diagnostic(&e, &paths, None));
                syntax_errors = true;
            }
        }
        if syntax_errors {
            return None;
        }

        let named_globals = (globals.iter())
            .map(|(name, _)| *name)
            .filter(|name| files.values().any(|(_, text)| text.contains(name)))
            .collect();
        let mut tera = Tera::new();
        tera.autoescape_on([".html", ".xml", ".htm"]);
        register_functions(&mut tera, strings);
        for (name, value) in globals {
            tera.register_function(name, move |_: Kwargs, _: &State| value.clone());
        }
        let result =
            tera.add_raw_templates(names.iter().map(|n| (n.as_str(), files[*n].1.as_str())));
        if let Err(e) = result {
            // Reference checks (unknown filters, functions...) come back as one
            // message holding one report per problem: split them up.
            let texts: HashMap<&str, &str> = files
                .iter()
                .map(|(n, (_, t))| (n.as_str(), t.as_str()))
                .collect();
            let reports = split_reports(&e.to_string(), &texts, &paths);
            if reports.is_empty() {
                diags.push(tera_diagnostic(&e, &paths, None));
            } else {
                diags.extend(reports);
            }
            return None;
        }
        Some(Renderer {
            tera,
            paths,
            named_globals,
        })
    }

    /// Whether some template's text names the global `name`. Tera calls a
    /// function only by a name written in a template, so a global no
    /// template names cannot change any page (its value is then left out
    /// of the pages' reuse key, `site::reuse`). A name in a comment counts:
    /// the answer errs on the side of "named".
    pub fn names(&self, name: &str) -> bool {
        self.named_globals.contains(&name)
    }

    /// Gives the global `name` a new value (`serve`, after an edit changed
    /// the translation status).
    pub fn set_global(&mut self, name: &'static str, value: tera::Value) {
        self.tera
            .register_function(name, move |_: Kwargs, _: &State| value.clone());
    }

    pub fn has_template(&self, name: &str) -> bool {
        self.tera.contains_template(name)
    }

    /// Renders `template` for `page` into bytes, in a buffer of `capacity`
    /// bytes to start with (a page's size is known: its content plus the
    /// template's chrome).
    pub fn render_bytes(
        &self,
        template: &str,
        context: &Context,
        page: &Path,
        capacity: usize,
    ) -> Result<Vec<u8>, Diagnostic> {
        let mut out = Vec::with_capacity(capacity);
        self.tera
            .render_to(template, context, &mut out)
            .map_err(|e| tera_diagnostic(&e, &self.paths, Some((page, template))))?;
        Ok(out)
    }

    /// Renders `template` for `page` (a source path, named in errors).
    pub fn render(
        &self,
        template: &str,
        context: &Context,
        page: &Path,
    ) -> Result<String, Diagnostic> {
        self.tera
            .render(template, context)
            .map_err(|e| tera_diagnostic(&e, &self.paths, Some((page, template))))
    }
}

fn register_functions(tera: &mut Tera, strings: Arc<Strings>) {
    // Tera's own `safe` copies its string into a new value; a page's
    // content (`{{ page.content | safe }}`) is its largest string. Marking
    // the value safe shares it (Tera's strings are reference-counted);
    // other values are printed as Tera's `safe` prints them.
    tera.register_filter("safe", |value: Value, _: Kwargs, _: &State| {
        if value.as_str().is_some() {
            value.mark_safe()
        } else {
            Value::safe_string(&value.to_string())
        }
    });
    // Called many times per page: borrows its arguments and copies the
    // string only into the returned value.
    tera.register_function(
        "t",
        move |kwargs: Kwargs, state: &State| -> tera::TeraResult<Value> {
            let key = kwargs.must_get::<&str>("key")?;
            let context_lang;
            let lang = match kwargs.get::<&str>("lang")? {
                Some(l) => Cow::Borrowed(l),
                None => {
                    context_lang = state.get::<Value>("lang")?;
                    context_lang.as_ref().map_or(Cow::Borrowed(""), as_text)
                }
            };
            match strings.get(&lang, key) {
                Some(s) => Ok(Value::from(s)),
                None => Err(tera::Error::message(format!(
                    "unknown UI string `{key}` (not defined in any language's i18n file)"
                ))),
            }
        },
    );
}

/// A string value as is, any other value as Tera prints it.
fn as_text(value: &Value) -> Cow<'_, str> {
    value
        .as_str()
        .map_or_else(|| Cow::Owned(value.to_string()), Cow::Borrowed)
}

/// Parses Tera's text reports (`error: msg` then ` --> name:line:col`).
fn split_reports(
    text: &str,
    texts: &HashMap<&str, &str>,
    paths: &HashMap<String, PathBuf>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(message) = line.strip_prefix("error: ") else {
            continue;
        };
        let Some(loc) = lines
            .peek()
            .and_then(|l| l.trim_start().strip_prefix("--> "))
        else {
            continue;
        };
        let mut parts = loc.rsplitn(3, ':');
        let (Some(col), Some(line_no), Some(name)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let (Ok(line_no), Ok(col)) = (line_no.parse::<usize>(), col.parse::<usize>()) else {
            continue;
        };
        let offset = texts
            .get(name)
            .map(|t| crate::diagnostics::offset_of(t, line_no, col));
        let path = paths
            .get(name)
            .cloned()
            .unwrap_or_else(|| PathBuf::from(name));
        out.push(Diagnostic::error(path, offset, message.to_string()));
    }
    out
}

/// A Tera error as a diagnostic: located in the template when Tera knows
/// where, the page named, and the full cause chain as notes.
pub fn tera_diagnostic(
    err: &tera::Error,
    paths: &HashMap<String, PathBuf>,
    page: Option<(&Path, &str)>,
) -> Diagnostic {
    let (path, offset, message) = match err.kind() {
        ErrorKind::SyntaxError(r) | ErrorKind::RenderingError(r) => {
            let path = paths
                .get(r.filename())
                .cloned()
                .unwrap_or_else(|| PathBuf::from(r.filename()));
            (path, Some(r.span().range.start), r.message().to_string())
        }
        other => {
            let tpl = page.map(|(_, t)| t).unwrap_or_default();
            let path = paths
                .get(tpl)
                .cloned()
                .unwrap_or_else(|| PathBuf::from(tpl));
            (path, None, other.to_string())
        }
    };
    let message = match page {
        Some((page, template)) => {
            format!(
                "{message} (rendering {} with template {template})",
                page.display()
            )
        }
        None => message,
    };
    // One template position, one cause, whatever page it failed on.
    let group = offset.map(|o| format!("template {}:{o}", path.display()));
    let mut d = Diagnostic::error(path, offset, message);
    d.group = group;
    let mut source = err.source();
    while let Some(cause) = source {
        d.notes.push(format!("caused by: {cause}"));
        source = cause.source();
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn renderer(templates: &[(&str, &str)]) -> (Option<Renderer>, Diagnostics) {
        let dir = tempfile::tempdir().unwrap();
        let theme = dir.path().join("themes/t");
        std::fs::create_dir_all(theme.join("templates")).unwrap();
        for (name, body) in templates {
            std::fs::write(theme.join("templates").join(name), body).unwrap();
        }
        let mut diags = Diagnostics::new();
        let mut sources = SourceCache::new(dir.path());
        let strings = Arc::new(Strings::from_maps(
            "en",
            HashMap::from([("en".into(), HashMap::from([("hi".into(), "Hello".into())]))]),
        ));
        let r = Renderer::load(
            dir.path(),
            &theme,
            strings,
            Vec::new(),
            &mut sources,
            &mut diags,
        );
        (r, diags)
    }

    #[test]
    fn t_function_reads_lang_from_context() {
        let (r, diags) = renderer(&[("a.html", "{{ t(key=\"hi\") }} <{{ x }}>")]);
        assert!(diags.is_empty(), "{diags:?}");
        let mut ctx = Context::new();
        ctx.insert("lang", "en");
        ctx.insert("x", "<b>");
        let out = r
            .unwrap()
            .render("a.html", &ctx, Path::new("content/en/a.md"))
            .unwrap();
        assert_eq!(out, "Hello <&lt;b&gt;>");
    }

    #[test]
    fn t_function_lang_argument_and_fallback() {
        let (r, diags) = renderer(&[(
            "a.html",
            "{{ t(key=\"hi\", lang=\"de\") }} {{ t(key=\"hi\") }}",
        )]);
        assert!(diags.is_empty(), "{diags:?}");
        let r = r.unwrap();
        let page = Path::new("content/en/a.md");
        // No `lang` in the context, and no "de" strings: the default language's.
        let out = r.render("a.html", &Context::new(), page).unwrap();
        assert_eq!(out, "Hello Hello");
        let mut ctx = Context::new();
        ctx.insert("lang", &1);
        assert_eq!(r.render("a.html", &ctx, page).unwrap(), "Hello Hello");
    }

    #[test]
    fn every_syntax_error_is_reported_with_position() {
        let (r, diags) = renderer(&[("a.html", "ok {{ x"), ("b.html", "{% if %}")]);
        assert!(r.is_none());
        let paths: Vec<_> = diags.iter().map(|d| d.path.display().to_string()).collect();
        assert_eq!(
            paths,
            ["themes/t/templates/a.html", "themes/t/templates/b.html"]
        );
        assert!(diags.iter().all(|d| d.offset.is_some()));
    }

    #[test]
    fn unknown_filters_are_located() {
        let (r, diags) = renderer(&[
            ("a.html", "x\n{{ y | nofilter }}"),
            ("b.html", "{{ nofunc() }}"),
        ]);
        assert!(r.is_none());
        let got: Vec<_> = diags
            .iter()
            .map(|d| (d.path.display().to_string(), d.offset, d.message.clone()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "themes/t/templates/a.html".to_string(),
                    Some(9),
                    "Unknown filter `nofilter`".to_string()
                ),
                (
                    "themes/t/templates/b.html".to_string(),
                    Some(3),
                    "Unknown function `nofunc`".to_string()
                ),
            ]
        );
    }

    #[test]
    fn render_error_names_page_and_template() {
        let (r, _) = renderer(&[("a.html", "line\n{{ missing.field }}")]);
        let err = r
            .unwrap()
            .render("a.html", &Context::new(), Path::new("content/en/x.md"))
            .unwrap_err();
        assert_eq!(err.path, PathBuf::from("themes/t/templates/a.html"));
        assert!(err.message.contains("content/en/x.md"), "{}", err.message);
        assert!(err.message.contains("a.html"), "{}", err.message);
    }
}
